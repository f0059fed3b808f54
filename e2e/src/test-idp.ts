// A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 for the browser tests: one confidential client
// (client_secret_basic, PKCE) whose only redirect URI is Larder's /login, and a plain HTML login form that a browser
// fills in. Consent is granted without a page, as a company's own provider usually does for its own apps.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type JWK } from 'oidc-provider'
import { testIdpAccounts, type TestIdpLogin } from './test-idp-accounts.js'

export interface TestIdp {
  /** The environment that points Larder at this provider. */
  environment: Record<string, string>
  stop(): Promise<void>
}

const isLogin = (login: string): login is TestIdpLogin => Object.hasOwn(testIdpAccounts, login)

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

export async function startTestIdp(options: { redirectUri: string; providerName: string }): Promise<TestIdp> {
  const clientId = 'larder-e2e'
  const clientSecret = randomBytes(24).toString('hex')
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'e2e', use: 'sig', alg: 'RS256' }] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_context, accountId) => {
      if (!isLogin(accountId)) return undefined
      return { accountId, claims: () => ({ ...testIdpAccounts[accountId].claims, sub: accountId }) }
    },
  })

  async function interaction(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response)
    if (details.prompt.name === 'login') {
      if (request.method === 'POST' && request.url === `/interaction/${details.uid}/login`) {
        const form = await formBody(request)
        const login = form.get('login') ?? ''
        if (isLogin(login) && form.get('password') === testIdpAccounts[login].password) {
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
    environment: {
      OIDC_AUTH_ENABLED: 'true',
      OIDC_CONFIGURATION_URL: `${issuer}/.well-known/openid-configuration`,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME: options.providerName,
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
