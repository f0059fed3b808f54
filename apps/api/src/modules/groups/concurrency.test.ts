import { describe, expect, it } from 'vitest'
import { listenOnLoopback } from '../../../test/listening-server.js'
import { createTestApp } from '../../../test/test-app.js'

async function adminServer() {
  const { app, api, make } = await createTestApp()
  const admin = await make.user({ admin: true })
  const server = await listenOnLoopback(app, { timeoutMs: 15_000 })
  return { server, headers: { authorization: api.authorization(admin) } }
}
describe('creating groups at once', () => {
  it('answers 24 parallel group creations, and still answers /api/app/about afterwards', async () => {
    const { server, headers } = await adminServer()
    const answers = await server.burst(24, (index) =>
      server.send('POST', '/api/admin/groups', { body: { name: `Burst Kitchen ${index}` }, headers }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(201))
    expect((await server.send('GET', '/api/app/about')).status).toBe(200)
  })

  it('names parallel creates of one name "Soup Club", "Soup Club (1)", … with no error', async () => {
    const { server, headers } = await adminServer()
    const answers = await server.burst(6, () =>
      server.send('POST', '/api/admin/groups', { body: { name: 'Soup Club' }, headers }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201))
    const names = answers.map((answer) => (answer.body as { name: string }).name).sort()
    expect(names).toEqual([
      'Soup Club',
      'Soup Club (1)',
      'Soup Club (2)',
      'Soup Club (3)',
      'Soup Club (4)',
      'Soup Club (5)',
    ])
  })
})
