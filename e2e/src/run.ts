// Starts the built app once, with a local SMTP server and a local OpenID provider beside it, runs every
// end-to-end test file against it with node's test runner, then stops them all.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { startMailServer } from '@larder/test-servers/mail'
import { startOidcProvider } from '@larder/test-servers/oidc'
import { freePort, startLarder, type RunningLarder } from './larder-server.js'
import { testIdpAccounts, testIdpName } from './test-idp-accounts.js'

const testsDirectory = path.resolve(import.meta.dirname, '../tests')
const files = readdirSync(testsDirectory)
  .filter((name) => name.endsWith('.e2e.ts'))
  .filter((name) => !process.argv[2] || name.includes(process.argv[2]))
  .map((name) => path.join(testsDirectory, name))

// The provider must know Larder's redirect URI (BASE_URL/login) before Larder starts, so the port is chosen first.
const larderPort = await freePort()
const mail = await startMailServer()
const mailsUrl = await mail.listOverHttp()
const idp = await startOidcProvider({ redirectUri: `http://127.0.0.1:${larderPort}/login`, accounts: testIdpAccounts })
let larder: RunningLarder | undefined
let exitCode = 1
try {
  larder = await startLarder(
    // The import tests serve recipe pages from this machine, which the outbound guard refuses unless allowed.
    { ...mail.environment, ...idp.environment, OIDC_PROVIDER_NAME: testIdpName, HTTP_ALLOW_LIST: '127.0.0.1' },
    { port: larderPort },
  )
  const baseUrl = larder.baseUrl
  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      env: { ...process.env, LARDER_URL: baseUrl, LARDER_MAILS_URL: mailsUrl },
      stdio: 'inherit',
    })
    child.once('exit', (code) => resolve(code ?? 1))
  })
} finally {
  await larder?.stop()
  await Promise.all([idp.stop(), mail.stop()])
}
process.exit(exitCode)
