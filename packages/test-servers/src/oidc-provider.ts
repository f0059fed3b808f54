// A real OpenID provider (the `oidc-provider` package) on 127.0.0.1: one confidential client (client_secret_basic,
// PKCE) whose only redirect URI is Larder's /login, and a plain HTML login form. A browser fills the form in the
// end-to-end tests; `authorize` plays that browser for the API tests, so the whole code flow runs for real either
// way. Consent is granted without a page, as a company's own provider usually does for its own apps.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type JWK } from 'oidc-provider'

export type AccountClaims = Record<string, unknown>

export interface OidcAccount {
  password: string
  claims: AccountClaims
}

export interface TestOidcProvider {
  issuer: string
  clientId: string
  /** The environment that points Larder at this provider (all but OIDC_PROVIDER_NAME). */
  environment: Record<string, string>
  /** Declares (or replaces) an account, the password its login form takes, and the claims told about it. */
  setAccount(login: string, claims: AccountClaims, password?: string): void
  /**
   * Plays the browser from the provider's authorize URL: fills the login form in as `login`, and follows redirects
   * until the provider sends the browser to the redirect URI; answers that final URL (with `code`, `state`, …).
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>
  stop(): Promise<void>
}

const defaultPassword = 'provider-password'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

function loginPage(uid: string, problem: string | null): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test IdP: sign in</title></head>
<body>
<h1>Test IdP</h1>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label>Username <input name="login" autocomplete="username" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Continue</button>
</form>
</body>
</html>`
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** A browser's cookie jar, enough for one host. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

export async function startOidcProvider(options: {
  redirectUri: string
  /** The accounts known from the start; `setAccount` adds more. */
  accounts?: Readonly<Record<string, OidcAccount>>
  /** How ID tokens are signed; with ES256 the provider offers nothing else, as some providers are set up. */
  idTokenAlgorithm?: 'RS256' | 'ES256'
}): Promise<TestOidcProvider> {
  const algorithm = options.idTokenAlgorithm ?? 'RS256'
  const accounts = new Map<string, OidcAccount>(Object.entries(options.accounts ?? {}))
  const clientId = 'larder-test'
  const clientSecret = randomBytes(24).toString('hex')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const { privateKey } =
    algorithm === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: algorithm,
      },
    ],
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'test', use: 'sig', alg: algorithm }] },
    enabledJWA: { idTokenSigningAlgValues: [algorithm] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_context, accountId) => {
      const account = accounts.get(accountId)
      if (!account) return undefined
      return { accountId, claims: () => ({ ...account.claims, sub: accountId }) }
    },
  })

  async function interaction(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response)
    if (details.prompt.name === 'login') {
      if (request.method === 'POST' && request.url === `/interaction/${details.uid}/login`) {
        const form = await formBody(request)
        const login = form.get('login') ?? ''
        if (accounts.get(login)?.password === form.get('password')) {
          await provider.interactionFinished(request, response, { login: { accountId: login } })
          return
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(loginPage(details.uid, 'Unknown username or wrong password.'))
        return
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(loginPage(details.uid, null))
      return
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId })
    grant.addOIDCScope(String(details.params.scope))
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    )
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const handle = request.url?.startsWith('/interaction/')
      ? interaction(request, response)
      : Promise.resolve(provider.callback()(request, response))
    handle.catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' })
      response.end(String(error))
    })
  })

  return {
    issuer,
    clientId,
    environment: {
      OIDC_AUTH_ENABLED: 'true',
      OIDC_CONFIGURATION_URL: `${issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
    },
    setAccount(login, claims, password = defaultPassword) {
      accounts.set(login, { password, claims })
    },
    async authorize(authorizationUrl, login) {
      const jar = new CookieJar()
      let url = new URL(authorizationUrl)
      let form: URLSearchParams | null = null
      for (let hop = 0; hop < 20; hop += 1) {
        if (url.href.startsWith(`${options.redirectUri}?`)) return url
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: jar.header() },
          ...(form ? { method: 'POST', body: form } : {}),
        })
        jar.store(response)
        const location = response.headers.get('location')
        if (response.status === 200 && !form && url.pathname.startsWith('/interaction/')) {
          // The login form: submit it as the person would.
          form = new URLSearchParams({ login, password: accounts.get(login)?.password ?? '' })
          url = new URL(`${url.pathname}/login`, url)
          continue
        }
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`the provider stopped at ${url.href}: ${response.status} ${await response.text()}`)
        }
        form = null
        url = new URL(location, url)
      }
      throw new Error('too many redirects at the provider')
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
