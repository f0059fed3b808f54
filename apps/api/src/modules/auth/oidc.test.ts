import { finishOidcSignIn, getAppInfo, startOidcSignIn } from '@larder/contracts'
import { startOidcProvider } from '@larder/test-servers/oidc'
import { afterAll, describe, expect, it } from 'vitest'
import { createExternalSignInApp, signedInUser, userCount } from '../../../test/external-sign-in.js'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { oidcStateCookie } from './routes.js'

const baseUrl = 'http://larder.test'
const provider = await startOidcProvider({ redirectUri: `${baseUrl}/login` })
afterAll(() => provider.stop())

const oidcEnvironment = { ...provider.environment, BASE_URL: baseUrl, OIDC_PROVIDER_NAME: 'Test IdP' }

const oidcApp = (environment: Record<string, string> = {}) =>
  createExternalSignInApp({ ...oidcEnvironment, ...environment })

function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const match = all.find((cookie) => cookie.startsWith(`${name}=`))
  return match?.split(';')[0]?.slice(name.length + 1)
}

/** Larder's callback, as the browser calls it from /login with what the provider sent and the state cookie. */
const callback = ({ api }: TestApp, query: URLSearchParams, stateCookie: string | undefined) =>
  api.call(finishOidcSignIn, {
    query: Object.fromEntries(query),
    headers: stateCookie === undefined ? {} : { cookie: `${oidcStateCookie}=${stateCookie}` },
  })

/** The browser's round trip: Larder → provider (sign in as `login`) → Larder's /login → the callback. */
async function signInThroughProvider(
  testApp: TestApp,
  login: string,
  tamper: (query: URLSearchParams) => void = () => undefined,
  through = provider,
) {
  const start = await testApp.api.call(startOidcSignIn)
  expect(start.status).toBe(302)
  const stateCookie = cookieValue(start.headers['set-cookie'], oidcStateCookie)
  expect(stateCookie).toBeTruthy()
  const landing = await through.authorize(String(start.headers.location), login)
  tamper(landing.searchParams)
  return callback(testApp, landing.searchParams, stateCookie)
}

describe('OIDC sign-in', () => {
  it('redirects to the provider with PKCE S256, state, nonce and BASE_URL/login, in a signed short-lived cookie', async () => {
    const { api } = await oidcApp()
    const start = await api.call(startOidcSignIn)
    expect(start.status).toBe(302)
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
    const user = await signedInUser(testApp, response)
    const setCookie = response.headers['set-cookie']
    expect(String(setCookie)).toMatch(/mealie\.access_token=[^;]+; Max-Age=172800; Path=\/; HttpOnly/)
    expect(cookieValue(setCookie, 'XSRF-TOKEN')).toBeTruthy()
    expect(String(setCookie)).toMatch(/larder\.oidc_state=; Max-Age=0/)
    expect(user).toMatchObject({
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
    expect(String(response.headers['set-cookie'])).toContain('Max-Age=1209600')
    const user = await signedInUser(testApp, response)
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
    expect((await signedInUser(testApp, response)).id).toBe(existing.id)
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
    const user = await signedInUser(testApp, response)
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
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({
      detail: { message: expect.stringMatching(/signs in with a password, not through Test IdP/) },
    })
    expect(String(refused.headers['set-cookie'])).not.toContain('mealie.access_token=')
    const ldap = await signInThroughProvider(testApp, 'directory')
    expect(ldap.status).toBe(401)
    expect(ldap.body).toMatchObject({ detail: { message: expect.stringMatching(/signs in with LDAP/) } })
    expect(await userCount(testApp)).toBe(before)

    // An administrator may move the account to OIDC; then it signs in through the provider.
    await testApp.sql`update users set auth_method = 'OIDC' where id = ${passwordAccount.id}`
    expect((await signInThroughProvider(testApp, 'local')).status).toBe(200)
  })

  it('syncs the admin flag with the admin group at every sign-in and refuses people outside both groups', async () => {
    const testApp = await oidcApp({ OIDC_USER_GROUP: 'cooks', OIDC_ADMIN_GROUP: 'head-cooks' })
    const claims = { email: 'boss@example.com', email_verified: true, name: 'Boss', preferred_username: 'boss' }

    provider.setAccount('boss', { ...claims, groups: ['cooks', 'head-cooks'] })
    const first = await signInThroughProvider(testApp, 'boss')
    expect(new URL(String((await testApp.api.call(startOidcSignIn)).headers.location)).searchParams.get('scope')).toBe(
      'openid email profile groups',
    )
    expect(await signedInUser(testApp, first)).toMatchObject({
      admin: true,
      canManage: true,
      authMethod: 'OIDC',
    })

    provider.setAccount('boss', { ...claims, groups: ['cooks'] })
    const second = await signInThroughProvider(testApp, 'boss')
    expect((await signedInUser(testApp, second)).admin).toBe(false)

    provider.setAccount('boss', { ...claims, groups: ['gardeners'] })
    const outsider = await signInThroughProvider(testApp, 'boss')
    expect(outsider.status).toBe(401)
    expect(outsider.body).toMatchObject({ detail: { message: expect.stringMatching(/not in a group allowed/) } })
  })

  it('refuses a sign-in whose provider does not send a required claim, naming it, and writes nothing', async () => {
    const testApp = await oidcApp()
    provider.setAccount('no-email', { name: 'No Email', preferred_username: 'noemail' })
    const before = await userCount(testApp)
    const response = await signInThroughProvider(testApp, 'no-email')
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ detail: { message: expect.stringMatching(/did not send email/) } })
    expect(await userCount(testApp)).toBe(before)
  })

  it('refuses an unverified email unless OIDC_REQUIRES_EMAIL_VERIFICATION is off', async () => {
    provider.setAccount('unverified', { email: 'unverified@example.com', email_verified: false, name: 'Unverified' })
    const strict = await oidcApp()
    const refused = await signInThroughProvider(strict, 'unverified')
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ detail: { message: expect.stringMatching(/not verified/) } })

    const lenient = await oidcApp({ OIDC_REQUIRES_EMAIL_VERIFICATION: 'false' })
    expect((await signInThroughProvider(lenient, 'unverified')).status).toBe(200)
  })

  it('refuses unknown people when OIDC_SIGNUP_ENABLED is off, and still signs in known ones', async () => {
    const testApp = await oidcApp({ OIDC_SIGNUP_ENABLED: 'false' })
    provider.setAccount('stranger', { email: 'stranger@example.com', email_verified: true, name: 'Stranger' })
    const before = await userCount(testApp)
    const refused = await signInThroughProvider(testApp, 'stranger')
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ detail: { message: expect.stringMatching(/no account/) } })
    expect(await userCount(testApp)).toBe(before)

    await testApp.make.user({ email: 'stranger@example.com', authMethod: 'OIDC' })
    expect((await signInThroughProvider(testApp, 'stranger')).status).toBe(200)
  })

  it('refuses a callback whose state does not match, that lacks the state cookie, or that carries an error', async () => {
    const testApp = await oidcApp()
    const before = await userCount(testApp)
    provider.setAccount('state-check', { email: 'state@example.com', email_verified: true, name: 'State' })

    const wrongState = await signInThroughProvider(testApp, 'state-check', (query) => query.set('state', 'forged'))
    expect(wrongState.status).toBe(401)
    expect(wrongState.body).toMatchObject({ detail: { message: expect.stringMatching(/does not belong/) } })

    const start = await testApp.api.call(startOidcSignIn)
    const landing = await provider.authorize(String(start.headers.location), 'state-check')
    const withoutCookie = await callback(testApp, landing.searchParams, undefined)
    expect(withoutCookie.status).toBe(401)
    expect(withoutCookie.body).toMatchObject({ detail: { message: expect.stringMatching(/expired/) } })

    const forgedCookie = await callback(testApp, landing.searchParams, 'eyJhbGciOiJIUzI1NiJ9.eyJzdGF0ZSI6IngifQ.bad')
    expect(forgedCookie.status).toBe(401)

    const providerError = await callback(
      testApp,
      new URLSearchParams({ error: 'access_denied', error_description: 'The user said no', state: 'x' }),
      cookieValue(start.headers['set-cookie'], oidcStateCookie),
    )
    expect(providerError.status).toBe(401)
    expect(providerError.body).toMatchObject({ detail: { message: expect.stringMatching(/The user said no/) } })
    expect(await userCount(testApp)).toBe(before)
  })

  it('refuses a code presented twice', async () => {
    const testApp = await oidcApp()
    provider.setAccount('replay', { email: 'replay@example.com', email_verified: true, name: 'Replay' })
    const start = await testApp.api.call(startOidcSignIn)
    const stateCookie = cookieValue(start.headers['set-cookie'], oidcStateCookie)
    const landing = await provider.authorize(String(start.headers.location), 'replay')
    expect((await callback(testApp, landing.searchParams, stateCookie)).status).toBe(200)
    expect((await callback(testApp, landing.searchParams, stateCookie)).status).toBe(401)
  })
})

describe('OIDC settings', () => {
  it('reports OIDC in /api/app/about from the configuration', async () => {
    const { api } = await oidcApp({ OIDC_AUTO_REDIRECT: 'true' })
    const about = await api.ok(getAppInfo)
    expect(about).toMatchObject({ enableOidc: true, oidcRedirect: true, oidcProviderName: 'Test IdP' })

    const { api: plain } = await createTestApp()
    expect(await plain.ok(getAppInfo)).toMatchObject({
      enableOidc: false,
      oidcRedirect: false,
      oidcProviderName: 'OAuth',
    })
  })

  it('answers 404 with a message on both routes when OIDC is not configured', async () => {
    const { api } = await createTestApp({ OIDC_AUTH_ENABLED: 'true' })
    for (const response of [
      await api.call(startOidcSignIn),
      await api.call(finishOidcSignIn, { query: { code: 'x', state: 'y' } }),
    ]) {
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ detail: { message: expect.stringMatching(/not enabled/) } })
    }
  })

  it('checks ID tokens with the algorithm the provider announces when it does not offer RS256', async () => {
    const ecProvider = await startOidcProvider({ redirectUri: `${baseUrl}/login`, idTokenAlgorithm: 'ES256' })
    try {
      const testApp = await oidcApp(ecProvider.environment)
      ecProvider.setAccount('ec-person', { email: 'ec@example.com', email_verified: true, name: 'Elliptic' })
      const response = await signInThroughProvider(testApp, 'ec-person', undefined, ecProvider)
      expect((await signedInUser(testApp, response)).email).toBe('ec@example.com')
    } finally {
      await ecProvider.stop()
    }
  })

  it('starts without the provider and answers 502 while it cannot be reached', async () => {
    const { api } = await oidcApp({ OIDC_CONFIGURATION_URL: 'http://127.0.0.1:9/.well-known/openid-configuration' })
    const response = await api.call(startOidcSignIn)
    expect(response.status).toBe(502)
    expect(response.body).toMatchObject({ detail: { message: expect.stringMatching(/could not be reached/) } })
  })
})
