import { SMTPServer } from 'smtp-server'
import { afterAll } from 'vitest'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
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
  const [, encoding, body] = match
  return encoding?.toLowerCase() === 'base64'
    ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body!
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that follow a mailed link.
 * Returns the environment that points Larder at it.
 */
export async function startSmtpTestServer() {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
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
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          text: textPart(raw),
        })
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return {
    mails,
    environment: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_FROM_EMAIL: 'larder@example.com',
      SMTP_AUTH_STRATEGY: 'NONE',
    },
    /** The first link in the newest mail to `address` that starts with `prefix`. */
    linkTo(address: string, prefix: string): string | null {
      const mail = [...mails].reverse().find((candidate) => candidate.to.includes(address))
      if (!mail) return null
      const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix))
      return link ?? null
    },
  }
}
