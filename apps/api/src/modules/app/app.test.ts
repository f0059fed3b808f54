import { AppInfo, AppStartupInfo, AppTheme } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { seedFirstRun } from './first-run.service.js'

describe('app info', () => {
  it('answers the public facts of this server without credentials', async () => {
    const { app } = await createTestApp({ ALLOW_SIGNUP: 'true' })
    const response = await app.inject({ method: 'GET', url: '/api/app/about' })
    expect(response.statusCode).toBe(200)
    const info = AppInfo.parse(response.json())
    expect(info.allowSignup).toBe(true)
    expect(info.defaultGroupSlug).toBeNull()
  })

  it('names the default group and household only once they are public', async () => {
    const { app, make } = await createTestApp({ DEFAULT_GROUP: 'Open Kitchen', DEFAULT_HOUSEHOLD: 'Open House' })
    const group = await make.group({ name: 'Open Kitchen', privateGroup: false })
    await make.household({ groupId: group.id, name: 'Open House', privateHousehold: false })
    const info = AppInfo.parse((await app.inject({ method: 'GET', url: '/api/app/about' })).json())
    expect(info.defaultGroupSlug).toBe('open-kitchen')
    expect(info.defaultHouseholdSlug).toBe('open-house')
  })
})

describe('theme', () => {
  it('answers the default colours, cacheable for a week', async () => {
    const { app } = await createTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/app/about/theme' })
    expect(response.headers['cache-control']).toBe('public, max-age=604800')
    const theme = AppTheme.parse(response.json())
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
    const { app } = await createTestApp({ THEME_LIGHT_PRIMARY: '#112233', THEME_DARK_ACCENT: '#abc' })
    const theme = AppTheme.parse((await app.inject({ method: 'GET', url: '/api/app/about/theme' })).json())
    expect(theme.lightPrimary).toBe('#112233')
    expect(theme.darkAccent).toBe('#abc')
    expect(theme.darkPrimary).toBe('#E58325')
  })
})

describe('first start', () => {
  it('creates Home, Family and the default admin once, and reports a first login until the admin is replaced', async () => {
    const { app, db, sql } = await createTestApp()
    const startup = () => app.inject({ method: 'GET', url: '/api/app/about/startup-info' })
    expect(AppStartupInfo.parse((await startup()).json()).isFirstLogin).toBe(false)

    expect(await seedFirstRun(db, { group: 'Home', household: 'Family' })).toBe(true)
    expect(await seedFirstRun(db, { group: 'Home', household: 'Family' })).toBe(false)
    const [counts] =
      await sql`select (select count(*) from users)::int as users, (select count(*) from groups)::int as groups`
    expect(counts).toEqual({ users: 1, groups: 1 })
    expect(AppStartupInfo.parse((await startup()).json()).isFirstLogin).toBe(true)

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: 'username=changeme@example.com&password=MyPassword',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(signIn.statusCode).toBe(200)
    const self = await app.inject({
      method: 'GET',
      url: '/api/users/self',
      headers: { authorization: `Bearer ${signIn.json().access_token}` },
    })
    expect(self.json()).toMatchObject({
      email: 'changeme@example.com',
      admin: true,
      group: 'Home',
      household: 'Family',
    })

    await sql`update users set email = 'owner@example.com'`
    expect(AppStartupInfo.parse((await startup()).json()).isFirstLogin).toBe(false)
  })
})
