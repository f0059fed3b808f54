import { describe, expect, it } from 'vitest'
import { listenOnLoopback } from '../../../test/listening-server.js'
import { createTestApp } from '../../../test/test-app.js'

const person = (index: number) => ({
  email: `cook.${index}@example.com`,
  username: `cook-${index}`,
  fullName: `Cook ${index}`,
  password: 'long enough secret',
  passwordConfirm: 'long enough secret',
  group: 'Soup Club',
})

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort()

describe('parallel sign-ups', () => {
  it('registers one of eight parallel sign-ups with one username; the others get 409 and write nothing', async () => {
    const { app, sql } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const server = await listenOnLoopback(app)
    const answers = await server.burst(8, (index) =>
      server.send('POST', '/api/users/register', { body: { ...person(index), username: 'SameName' } }),
    )
    expect(statuses(answers)).toEqual([201, ...Array(7).fill(409)])
    const refused = answers.find((answer) => answer.status === 409)!.body as { detail: { message: string } }
    expect(refused.detail.message).toBe('This username is already taken')
    const [row] =
      await sql`select (select count(*) from users)::int as users, (select count(*) from groups)::int as groups`
    expect(row).toEqual({ users: 1, groups: 1 })
  })

  it('registers one of parallel sign-ups with one email, in any case', async () => {
    const { app } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const server = await listenOnLoopback(app)
    const answers = await server.burst(6, (index) =>
      server.send('POST', '/api/users/register', {
        body: { ...person(index), email: index % 2 ? 'Same@Example.com' : 'same@example.com' },
      }),
    )
    expect(statuses(answers)).toEqual([201, ...Array(5).fill(409)])
    expect(
      (answers.find((answer) => answer.status === 409)!.body as { detail: { message: string } }).detail.message,
    ).toBe('This email is already in use')
  })

  it('gives parallel sign-ups that start one group name "Soup Club", "Soup Club (1)", …', async () => {
    const { app, sql } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const server = await listenOnLoopback(app)
    const answers = await server.burst(5, (index) =>
      server.send('POST', '/api/users/register', { body: person(index) }),
    )
    expect(statuses(answers)).toEqual(Array(5).fill(201))
    const groups = await sql`select name from groups order by name`
    expect(groups.map((group) => group.name)).toEqual([
      'Soup Club',
      'Soup Club (1)',
      'Soup Club (2)',
      'Soup Club (3)',
      'Soup Club (4)',
    ])
  })
})

describe('parallel API tokens', () => {
  it('creates every one of twelve same-named tokens made in the same second, each different', async () => {
    const { app, api, make } = await createTestApp()
    const user = await make.user({ advanced: true })
    const authorization = api.authorization(user)
    const server = await listenOnLoopback(app)
    const answers = await server.burst(12, () =>
      server.send('POST', '/api/users/api-tokens', { body: { name: 'Home Assistant' }, headers: { authorization } }),
    )
    expect(statuses(answers)).toEqual(Array(12).fill(201))
    const tokens = new Set(answers.map((answer) => (answer.body as { token: string }).token))
    expect(tokens.size).toBe(12)
  })
})
