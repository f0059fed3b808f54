// A real SMTP server on 127.0.0.1 that keeps every mail Larder sends, and a tiny HTTP endpoint that lists them,
// so that test files (which node's test runner runs in their own processes) can follow a mailed link.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  from: string
  to: string[]
  subject: string
  /** The decoded text/plain part. */
  text: string
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

export interface MailCatcher {
  /** The environment that points Larder at the SMTP server. */
  environment: Record<string, string>
  /** GET this for the JSON list of mails received so far, oldest first. */
  mailsUrl: string
  stop(): Promise<void>
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = []
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
          text: textPart(raw),
        })
        callback()
      })
    },
  })
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port))
  })

  const http: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mails') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(mails))
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))

  return {
    environment: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_FROM_EMAIL: 'larder@example.com',
      SMTP_AUTH_STRATEGY: 'NONE',
    },
    mailsUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mails`,
    async stop() {
      http.closeAllConnections()
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ])
    },
  }
}
