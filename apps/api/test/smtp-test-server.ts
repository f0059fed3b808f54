import { startMailServer } from '@larder/test-servers/mail'
import { afterAll } from 'vitest'

/** The shared SMTP test server (packages/test-servers), stopped when the test file ends. */
export async function startSmtpTestServer() {
  const server = await startMailServer()
  afterAll(() => server.stop())
  return server
}
