import { AppInfo, TokenResponse, UserOut } from '@larder/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { startOidcProvider } from '../../../test/oidc-provider.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { oidcStateCookie } from './routes.js'

const baseUrl = 'http://larder.test'
const provider = await startOidcProvider({ redirectUri: `${baseUrl}/login` })
afterAll(() => provider.close())

const oidcEnvironment = {
  BASE_URL: baseUrl,
  OIDC_AUTH_ENABLED: 'true',
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_CONFIGURATION_URL: provider.configurationUrl,
  OIDC_PROVIDER_NAME: 'Test IdP',
}

function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const match = all.find((cookie) => cookie.startsWith(`${name}=`))
  return match?.split(';')[0]?.slice(name.length + 1)
}

/** The app with the default group and household that sign-up places new people in. */
async function oidcApp(environment: Record<string, string> = {}) {
  const testApp = await createTestApp({ ...oidcEnvironment, ...environment })
  const group = await testApp.make.group({ name: 'Home' })
  await testApp.make.household({ groupId: group.id, name: 'Family' })
  return testApp
}

/** The browser's round trip: Larder → provider (sign in as `accountId`) → Larder's /login → the callback. */
async function signInThroughProvider(
  { app }: TestApp,
  accountId: string,
  tamper: (query: URLSearchParams) => void = () => undefined,
) {
  const start = await app.inject({ method: 'GET', url: '/api/auth/oauth' })
  expect(start.statusCode).toBe(302)
  const stateCookie = cookieValue(start.headers['set-cookie'], oidcStateCookie)
  expect(stateCookie).toBeTruthy()
  const landing = await provider.authorize(String(start.headers.location), accountId)
  tamper(landing.searchParams)
  return app.inject({
    method: 'GET',
    url: `/api/auth/oauth/callback${landing.search}`,
    cookies: { [oidcStateCookie]: stateCookie! },
  })
}

async function self(testApp: TestApp, accessToken: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/users/self',
    headers: { authorization: `Bearer ${accessToken}` },
  })
  expect(response.statusCode).toBe(200)
  return UserOut.parse(response.json())
}

async function userCount(testApp: TestApp) {
  const [row] = await testApp.sql<{ count: number }[]>`select count(*)::int as count from users`
  return row!.count
}

describe('OIDC sign-in', () => {
  it('redirects to the provider with PKCE S256, state, nonce and BASE_URL/login, in a signed short-lived cookie', async () => {
    const { app } = await oidcApp()
    const start = await app.inject({ method: 'GET', url: '/api/auth/oauth' })
    expect(start.statusCode).toBe(302)
    const location = new URL(String(start.headers.location))
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`)
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${baseUrl}/login`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    })
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toBeTruthy()
    const setCookie = String(start.headers['set-cookie'])
    expect(setCookie).toMatch(/larder\.oidc_state=[^;]+; Max-Age=600; Path=\/api\/auth\/oauth; HttpOnly; SameSite=Lax/)
  })

  it('creates an unknown person on first sign-in, in the default group, with a working session', async () => {
    const testApp = await oidcApp()
    provider.setAccount('new-person', {
      email: 'New.Person@example.com',
      email_verified: true,
      name: 'New Person',
      preferred_username: 'newperson',
    })
    const response = await signInThroughProvider(testApp, 'new-person')
    expect(response.statusCode, response.body).toBe(200)
    const { access_token: accessToken } = TokenResponse.parse(response.json())
    const setCookie = response.headers['set-cookie']
    expect(String(setCookie)).toMatch(/mealie\.access_token=[^;]+; Max-Age=172800; Path=\/; HttpOnly/)
    expect(cookieValue(setCookie, 'XSRF-TOKEN')).toBeTruthy()
    expect(String(setCookie)).toMatch(/larder\.oidc_state=; Max-Age=0/)
    expect(await self(testApp, accessToken)).toMatchObject({
      username: 'newperson',
      fullName: 'New Person',
      email: 'New.Person@example.com',
      authMethod: 'OIDC',
      admin: false,
      canManage: false,
      group: 'Home',
      household: 'Family',
    })
    const [row] = await testApp.sql`select password_hash from users where username = 'newperson'`
    expect(row!.password_hash).toBeNull()
  })

  it('signs in an existing OIDC account by the user claim, in any case', async () => {
    const testApp = await oidcApp({ OIDC_REMEMBER_ME: 'true' })
    const existing = await testApp.make.user({ email: 'linked@example.com', canOrganize: true, authMethod: 'OIDC' })
    provider.setAccount('linked', { email: 'LINKED@example.com', email_verified: true, name: 'Someone Else' })
    const before = await userCount(testApp)
    const response = await signInThroughProvider(testApp, 'linked')
    expect(response.statusCode, response.body).toBe(200)
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=1209600')
    const user = await self(testApp, TokenResponse.parse(response.json()).access_token)
    expect(user).toMatchObject({ id: existing.id, authMethod: 'OIDC', canOrganize: true })
    expect(await userCount(testApp)).toBe(before)
  })

  it('matches preferred_username against usernames only', async () => {
    const testApp = await oidcApp({ OIDC_USER_CLAIM: 'preferred_username' })
    const existing = await testApp.make.user({ username: 'chef', authMethod: 'OIDC' })
    provider.setAccount('by-username', {
      email: 'chef-at-provider@example.com',
      email_verified: true,
      name: 'Chef',
      preferred_username: 'Chef',
    })
    const response = await signInThroughProvider(testApp, 'by-username')
    expect(response.statusCode, response.body).toBe(200)
    expect((await self(testApp, TokenResponse.parse(response.json()).access_token)).id).toBe(existing.id)
  })

  it('never signs in a password account through the provider, even one whose email is the claimed username', async () => {
    const testApp = await oidcApp({ OIDC_USER_CLAIM: 'preferred_username' })
    const admin = await testApp.make.user({ email: 'changeme@example.com', admin: true })
    provider.setAccount('impostor', {
      email: 'impostor@example.com',
      email_verified: true,
      name: 'Impostor',
      preferred_username: 'changeme@example.com',
    })
    const response = await signInThroughProvider(testApp, 'impostor')
    // The claim is a username that no one has: a new OIDC account, never the administrator.
    expect(response.statusCode, response.body).toBe(200)
    const user = await self(testApp, TokenResponse.parse(response.json()).access_token)
    expect(user).toMatchObject({ username: 'changeme@example.com', authMethod: 'OIDC', admin: false })
    expect(user.id).not.toBe(admin.id)
  })

  it('refuses, with a message, to sign in a password or LDAP account that the claim matches', async () => {
    const testApp = await oidcApp()
    const passwordAccount = await testApp.make.user({ email: 'local@example.com', admin: true })
    await testApp.make.user({ email: 'directory@example.com', authMethod: 'LDAP' })
    provider.setAccount('local', { email: 'local@example.com', email_verified: true, name: 'Local' })
    provider.setAccount('directory', { email: 'directory@example.com', email_verified: true, name: 'Directory' })
    const before = await userCount(testApp)

    const refused = await signInThroughProvider(testApp, 'local')
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail.message).toMatch(/signs in with a password, not through Test IdP/)
    expect(String(refused.headers['set-cookie'])).not.toContain('mealie.access_token=')
    const ldap = await signInThroughProvider(testApp, 'directory')
    expect(ldap.statusCode).toBe(401)
    expect(ldap.json().detail.message).toMatch(/signs in with LDAP/)
    expect(await userCount(testApp)).toBe(before)

    // An administrator may move the account to OIDC; then it signs in through the provider.
    await testApp.sql`update users set auth_method = 'OIDC' where id = ${passwordAccount.id}`
    expect((await signInThroughProvider(testApp, 'local')).statusCode).toBe(200)
  })

  it('syncs the admin flag with the admin group at every sign-in and refuses people outside both groups', async () => {
    const testApp = await oidcApp({ OIDC_USER_GROUP: 'cooks', OIDC_ADMIN_GROUP: 'head-cooks' })
    const claims = { email: 'boss@example.com', email_verified: true, name: 'Boss', preferred_username: 'boss' }

    provider.setAccount('boss', { ...claims, groups: ['cooks', 'head-cooks'] })
    const first = await signInThroughProvider(testApp, 'boss')
    expect(first.statusCode, first.body).toBe(200)
    expect(
      new URL(String((await testApp.app.inject({ url: '/api/auth/oauth' })).headers.location)).searchParams.get(
        'scope',
      ),
    ).toBe('openid email profile groups')
    expect(await self(testApp, TokenResponse.parse(first.json()).access_token)).toMatchObject({
      admin: true,
      canManage: true,
      authMethod: 'OIDC',
    })

    provider.setAccount('boss', { ...claims, groups: ['cooks'] })
    const second = await signInThroughProvider(testApp, 'boss')
    expect(second.statusCode, second.body).toBe(200)
    expect((await self(testApp, TokenResponse.parse(second.json()).access_token)).admin).toBe(false)

    provider.setAccount('boss', { ...claims, groups: ['gardeners'] })
    const outsider = await signInThroughProvider(testApp, 'boss')
    expect(outsider.statusCode).toBe(401)
    expect(outsider.json().detail.message).toMatch(/not in a group allowed/)
  })

  it('refuses a sign-in whose provider does not send a required claim, naming it, and writes nothing', async () => {
    const testApp = await oidcApp()
    provider.setAccount('no-email', { name: 'No Email', preferred_username: 'noemail' })
    const before = await userCount(testApp)
    const response = await signInThroughProvider(testApp, 'no-email')
    expect(response.statusCode).toBe(401)
    expect(response.json().detail.message).toMatch(/did not send email/)
    expect(await userCount(testApp)).toBe(before)
  })

  it('refuses an unverified email unless OIDC_REQUIRES_EMAIL_VERIFICATION is off', async () => {
    provider.setAccount('unverified', { email: 'unverified@example.com', email_verified: false, name: 'Unverified' })
    const strict = await oidcApp()
    const refused = await signInThroughProvider(strict, 'unverified')
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail.message).toMatch(/not verified/)

    const lenient = await oidcApp({ OIDC_REQUIRES_EMAIL_VERIFICATION: 'false' })
    expect((await signInThroughProvider(lenient, 'unverified')).statusCode).toBe(200)
  })

  it('refuses unknown people when OIDC_SIGNUP_ENABLED is off, and still signs in known ones', async () => {
    const testApp = await oidcApp({ OIDC_SIGNUP_ENABLED: 'false' })
    provider.setAccount('stranger', { email: 'stranger@example.com', email_verified: true, name: 'Stranger' })
    const before = await userCount(testApp)
    const refused = await signInThroughProvider(testApp, 'stranger')
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail.message).toMatch(/no account/)
    expect(await userCount(testApp)).toBe(before)

    await testApp.make.user({ email: 'stranger@example.com', authMethod: 'OIDC' })
    expect((await signInThroughProvider(testApp, 'stranger')).statusCode).toBe(200)
  })

  it('refuses a callback whose state does not match, that lacks the state cookie, or that carries an error', async () => {
    const testApp = await oidcApp()
    const before = await userCount(testApp)
    provider.setAccount('state-check', { email: 'state@example.com', email_verified: true, name: 'State' })

    const wrongState = await signInThroughProvider(testApp, 'state-check', (query) => query.set('state', 'forged'))
    expect(wrongState.statusCode).toBe(401)
    expect(wrongState.json().detail.message).toMatch(/does not belong/)

    const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oauth' })
    const landing = await provider.authorize(String(start.headers.location), 'state-check')
    const withoutCookie = await testApp.app.inject({ method: 'GET', url: `/api/auth/oauth/callback${landing.search}` })
    expect(withoutCookie.statusCode).toBe(401)
    expect(withoutCookie.json().detail.message).toMatch(/expired/)

    const forgedCookie = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oauth/callback${landing.search}`,
      cookies: { [oidcStateCookie]: 'eyJhbGciOiJIUzI1NiJ9.eyJzdGF0ZSI6IngifQ.bad' },
    })
    expect(forgedCookie.statusCode).toBe(401)

    const providerError = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/oauth/callback?error=access_denied&error_description=The+user+said+no&state=x',
      cookies: { [oidcStateCookie]: cookieValue(start.headers['set-cookie'], oidcStateCookie)! },
    })
    expect(providerError.statusCode).toBe(401)
    expect(providerError.json().detail.message).toMatch(/The user said no/)
    expect(await userCount(testApp)).toBe(before)
  })

  it('refuses a code presented twice', async () => {
    const testApp = await oidcApp()
    provider.setAccount('replay', { email: 'replay@example.com', email_verified: true, name: 'Replay' })
    const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oauth' })
    const cookies = { [oidcStateCookie]: cookieValue(start.headers['set-cookie'], oidcStateCookie)! }
    const landing = await provider.authorize(String(start.headers.location), 'replay')
    const url = `/api/auth/oauth/callback${landing.search}`
    expect((await testApp.app.inject({ method: 'GET', url, cookies })).statusCode).toBe(200)
    expect((await testApp.app.inject({ method: 'GET', url, cookies })).statusCode).toBe(401)
  })
})

describe('OIDC settings', () => {
  it('reports OIDC in /api/app/about from the configuration', async () => {
    const { app } = await oidcApp({ OIDC_AUTO_REDIRECT: 'true' })
    const about = AppInfo.parse((await app.inject({ method: 'GET', url: '/api/app/about' })).json())
    expect(about).toMatchObject({ enableOidc: true, oidcRedirect: true, oidcProviderName: 'Test IdP' })

    const { app: plain } = await createTestApp()
    const plainAbout = AppInfo.parse((await plain.inject({ method: 'GET', url: '/api/app/about' })).json())
    expect(plainAbout).toMatchObject({ enableOidc: false, oidcRedirect: false, oidcProviderName: 'OAuth' })
  })

  it('answers 404 with a message on both routes when OIDC is not configured', async () => {
    const { app } = await createTestApp({ OIDC_AUTH_ENABLED: 'true' })
    for (const url of ['/api/auth/oauth', '/api/auth/oauth/callback?code=x&state=y']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json().detail.message).toMatch(/not enabled/)
    }
  })

  it('checks ID tokens with the algorithm the provider announces when it does not offer RS256', async () => {
    const ecProvider = await startOidcProvider({ redirectUri: `${baseUrl}/login`, idTokenAlgorithm: 'ES256' })
    try {
      const testApp = await oidcApp({
        OIDC_CLIENT_ID: ecProvider.clientId,
        OIDC_CLIENT_SECRET: ecProvider.clientSecret,
        OIDC_CONFIGURATION_URL: ecProvider.configurationUrl,
      })
      ecProvider.setAccount('ec-person', { email: 'ec@example.com', email_verified: true, name: 'Elliptic' })
      const start = await testApp.app.inject({ method: 'GET', url: '/api/auth/oauth' })
      const landing = await ecProvider.authorize(String(start.headers.location), 'ec-person')
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/auth/oauth/callback${landing.search}`,
        cookies: { [oidcStateCookie]: cookieValue(start.headers['set-cookie'], oidcStateCookie)! },
      })
      expect(response.statusCode, response.body).toBe(200)
      expect((await self(testApp, TokenResponse.parse(response.json()).access_token)).email).toBe('ec@example.com')
    } finally {
      await ecProvider.close()
    }
  })

  it('starts without the provider and answers 502 while it cannot be reached', async () => {
    const { app } = await oidcApp({ OIDC_CONFIGURATION_URL: 'http://127.0.0.1:9/.well-known/openid-configuration' })
    const response = await app.inject({ method: 'GET', url: '/api/auth/oauth' })
    expect(response.statusCode).toBe(502)
    expect(response.json().detail.message).toMatch(/could not be reached/)
  })
})
