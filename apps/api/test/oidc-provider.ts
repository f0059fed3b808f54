import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type JWK } from 'oidc-provider'

export type AccountClaims = Record<string, unknown>

export interface TestOidcProvider {
  issuer: string
  /** The discovery document's address, for OIDC_CONFIGURATION_URL. */
  configurationUrl: string
  clientId: string
  clientSecret: string
  /** Declares (or replaces) an account and the claims the provider tells about it. */
  setAccount(accountId: string, claims: AccountClaims): void
  /**
   * Plays the browser from the provider's authorize URL: signs in as `accountId`, consents, and follows redirects
   * until the provider sends the browser to `redirectUri`; answers that final URL (with `code`, `state`, …).
   */
  authorize(authorizationUrl: string, accountId: string): Promise<URL>
  close(): Promise<void>
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

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 with one confidential client
 * (client_secret_basic, PKCE) whose only redirect URI is `redirectUri`. Its sign-in page is replaced by an
 * interaction that signs in whichever account the test asks for, so the whole code flow runs for real.
 */
export async function startOidcProvider(options: {
  redirectUri: string
  /** How ID tokens are signed; with ES256 the provider offers nothing else, as some providers are set up. */
  idTokenAlgorithm?: 'RS256' | 'ES256'
}): Promise<TestOidcProvider> {
  const algorithm = options.idTokenAlgorithm ?? 'RS256'
  const accounts = new Map<string, AccountClaims>()
  const clientId = 'larder-test'
  const clientSecret = randomBytes(24).toString('hex')
  let nextAccountId: string | null = null
  const server: Server = createServer()
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
      const claims = accounts.get(accountId)
      if (!claims) return undefined
      return { accountId, claims: () => ({ ...claims, sub: accountId }) }
    },
  })

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      if (request.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(request, response)
        if (details.prompt.name === 'login') {
          if (!nextAccountId) throw new Error('no account chosen for this sign-in')
          await provider.interactionFinished(request, response, { login: { accountId: nextAccountId } })
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
        return
      }
      await provider.callback()(request, response)
    })().catch((error: unknown) => {
      response.statusCode = 500
      response.end(String(error))
    })
  })

  return {
    issuer,
    configurationUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    setAccount(accountId, claims) {
      accounts.set(accountId, claims)
    },
    async authorize(authorizationUrl, accountId) {
      nextAccountId = accountId
      const jar = new CookieJar()
      let url = new URL(authorizationUrl)
      for (let hop = 0; hop < 20; hop += 1) {
        if (url.href.startsWith(`${options.redirectUri}?`)) return url
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } })
        jar.store(response)
        const location = response.headers.get('location')
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`the provider stopped at ${url.href}: ${response.status} ${await response.text()}`)
        }
        url = new URL(location, url)
      }
      throw new Error('too many redirects at the provider')
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
