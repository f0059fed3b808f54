// A real SMTP server on 127.0.0.1 that keeps every mail Larder sends, for tests that follow a mailed link: the API
// tests read `mails` in their own process; the end-to-end tests (which node's test runner runs in processes of
// their own) fetch the list from `listOverHttp()`.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Server as NetServer } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  /** The recipients, lower-cased. */
  to: string[]
  subject: string
  raw: string
  /** The decoded text/plain part. */
  text: string
}

export interface MailServer {
  /** Every mail received so far, oldest first. */
  mails: ReceivedMail[]
  /** The environment that points Larder at this server. */
  environment: Record<string, string>
  /** The first link in the newest mail to `address` that starts with `prefix`. */
  linkTo(address: string, prefix: string): string | null
  /** Serves `mails` as JSON on a second port for other processes; answers the URL to GET. */
  listOverHttp(): Promise<string>
  stop(): Promise<void>
}

/** Finds the text/plain part of a multipart message and decodes it (nodemailer writes it in base64). */
function textPart(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: (\S+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    )
  if (!match) return raw
  const [, encoding = '', body = ''] = match
  return encoding.toLowerCase() === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
}

const listen = (server: NetServer) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })

const close = (server: Server) => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
}

export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          raw,
          text: textPart(raw),
        })
        callback()
      })
    },
  })
  const smtpPort = await listen(smtp.server)
  let http: Server | null = null

  return {
    mails,
    environment: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_FROM_EMAIL: 'larder@example.com',
      SMTP_AUTH_STRATEGY: 'NONE',
    },
    linkTo(address, prefix) {
      const mail = mails.findLast((candidate) => candidate.to.includes(address.toLowerCase()))
      return mail?.text.split(/\s+/).find((word) => word.startsWith(prefix)) ?? null
    },
    async listOverHttp() {
      http ??= createServer((request, response) => {
        if (request.method === 'GET' && request.url === '/mails') {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify(mails))
          return
        }
        response.writeHead(404).end()
      })
      const port = http.listening ? (http.address() as AddressInfo).port : await listen(http)
      return `http://127.0.0.1:${port}/mails`
    },
    async stop() {
      await Promise.all([
        http?.listening ? close(http) : undefined,
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ])
    },
  }
}
