import { getAppInfo, getAppTheme, getSelf, getStartupInfo } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { seedFirstRun } from './first-run.service.js'

describe('app info', () => {
  it('answers the public facts of this server without credentials', async () => {
    const { api } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const info = await api.ok(getAppInfo)
    expect(info.allowSignup).toBe(true)
    expect(info.defaultGroupSlug).toBeNull()
    expect(info.enableEmail).toBe(false)
  })

  it('says when mail can be sent, so that clients offer to mail invitations only then', async () => {
    const { api } = await createTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '2525',
      SMTP_FROM_EMAIL: 'larder@example.com',
      SMTP_AUTH_STRATEGY: 'NONE',
    })
    expect((await api.ok(getAppInfo)).enableEmail).toBe(true)
  })

  it('names the default group and household only once they are public', async () => {
    const { api, make } = await createTestApp({ DEFAULT_GROUP: 'Open Kitchen', DEFAULT_HOUSEHOLD: 'Open House' })
    const group = await make.group({ name: 'Open Kitchen', privateGroup: false })
    await make.household({ groupId: group.id, name: 'Open House', privateHousehold: false })
    const info = await api.ok(getAppInfo)
    expect(info.defaultGroupSlug).toBe('open-kitchen')
    expect(info.defaultHouseholdSlug).toBe('open-house')
  })
})

describe('theme', () => {
  it('answers the default colours, cacheable for a week', async () => {
    const { api } = await createTestApp()
    const response = await api.call(getAppTheme)
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=604800')
    const theme = response.body
    expect(theme).toMatchObject({
      lightPrimary: '#E58325',
      lightAccent: '#007A99',
      lightSecondary: '#973542',
      lightSuccess: '#43A047',
      lightInfo: '#1976d2',
      lightWarning: '#FF6D00',
      lightError: '#EF5350',
      darkPrimary: '#E58325',
      darkError: '#EF5350',
    })
    expect(Object.keys(theme)).toHaveLength(14)
  })

  it('takes colours from THEME_* settings', async () => {
    const { api } = await createTestApp({ THEME_LIGHT_PRIMARY: '#112233', THEME_DARK_ACCENT: '#abc' })
    const theme = await api.ok(getAppTheme)
    expect(theme.lightPrimary).toBe('#112233')
    expect(theme.darkAccent).toBe('#abc')
    expect(theme.darkPrimary).toBe('#E58325')
  })
})

describe('first start', () => {
  it('creates Home, Family and the default admin once, and reports a first login until the admin is replaced', async () => {
    const { app, api, db, sql } = await createTestApp()
    const isFirstLogin = async () => (await api.ok(getStartupInfo)).isFirstLogin
    expect(await isFirstLogin()).toBe(false)

    expect(await seedFirstRun(db, { group: 'Home', household: 'Family' })).toBe(true)
    expect(await seedFirstRun(db, { group: 'Home', household: 'Family' })).toBe(false)
    const [counts] =
      await sql`select (select count(*) from users)::int as users, (select count(*) from groups)::int as groups`
    expect(counts).toEqual({ users: 1, groups: 1 })
    expect(await isFirstLogin()).toBe(true)

    // Signing in with the documented first-run credentials is the subject here, as a form post like Mealie's page.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'username=changeme@example.com&password=MyPassword',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(signIn.statusCode).toBe(200)
    const self = await api.ok(getSelf, { as: { token: signIn.json<{ access_token: string }>().access_token } })
    expect(self).toMatchObject({
      email: 'changeme@example.com',
      admin: true,
      group: 'Home',
      household: 'Family',
    })

    await sql`update users set email = 'owner@example.com'`
    expect(await isFirstLogin()).toBe(false)
  })
})
