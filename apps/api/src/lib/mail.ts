import { randomUUID } from 'node:crypto'
import type { Transporter } from 'nodemailer'
import type { Config } from '../config.js'

export interface MailContent {
  to: string
  subject: string
  heading: string
  message: string
  button: { text: string; link: string }
  footer: string
}

export interface Mailer {
  readonly ready: boolean
  /** Sends a mail; resolves false without trying when mail is not configured. Rejects on transport errors. */
  send(content: MailContent): Promise<boolean>
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** One template for every mail (docs/mealie-compatibility.md "Registration, invitations and password reset"): heading, message, a button and a footer; plain text alongside. */
function renderHtml(content: MailContent): string {
  return `<!doctype html>
<html><body style="margin:0;background:#f4f4f4;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:22px;font-weight:600;color:#E58325;padding-bottom:16px">${escapeHtml(content.heading)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${escapeHtml(content.message)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escapeHtml(content.button.link)}" style="display:inline-block;background:#E58325;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(content.button.text)}</a></td></tr>
<tr><td style="font-size:13px;color:#666">${escapeHtml(content.footer)}</td></tr>
</table></td></tr></table></body></html>`
}

function renderText(content: MailContent): string {
  return `${content.heading}\n\n${content.message}\n\n${content.button.text}: ${content.button.link}\n\n${content.footer}\n`
}

export function createMailer(config: Config): Mailer {
  if (!config.smtpReady || !config.SMTP_HOST || !config.SMTP_FROM_EMAIL) {
    return { ready: false, send: () => Promise.resolve(false) }
  }
  const fromAddress = config.SMTP_FROM_EMAIL
  const options = {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_AUTH_STRATEGY === 'SSL',
    requireTLS: config.SMTP_AUTH_STRATEGY === 'TLS',
    ignoreTLS: config.SMTP_AUTH_STRATEGY === 'NONE',
    auth: config.SMTP_USER && config.SMTP_PASSWORD ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  }
  // nodemailer loads with the first mail, not at start-up (bench/cold-start).
  let transport: Promise<Transporter> | undefined
  const domain = fromAddress.split('@')[1] ?? 'localhost'
  return {
    ready: true,
    async send(content) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options))
      await (
        await transport
      ).sendMail({
        from: { name: config.SMTP_FROM_NAME, address: fromAddress },
        to: content.to,
        subject: content.subject,
        messageId: `<${randomUUID()}@${domain}>`,
        text: renderText(content),
        html: renderHtml(content),
        textEncoding: 'base64',
      })
      return true
    },
  }
}

/** An SMTP server named by its user rather than by the configuration: a notifier's `mailto://` URL. */
export interface SmtpServer {
  /** The address to connect to (checked by the caller), and the name its certificate must carry. */
  address: string
  serverName: string
  port: number
  security: 'ssl' | 'starttls' | 'none'
  auth: { user: string; pass: string } | null
}

export interface PlainMail {
  from: { name: string | null; address: string }
  to: string[]
  subject: string
  text: string
}

/** Sends one plain-text mail through `server`, with the same timeouts as the configured mailer. */
export async function sendPlainMail(server: SmtpServer, mail: PlainMail): Promise<void> {
  const { default: nodemailer } = await import('nodemailer')
  const transport = nodemailer.createTransport({
    host: server.address,
    port: server.port,
    secure: server.security === 'ssl',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    tls: { servername: server.serverName },
    name: 'larder',
    auth: server.auth ?? undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  })
  try {
    const domain = mail.from.address.split('@')[1] ?? 'localhost'
    await transport.sendMail({
      from: mail.from.name ? { name: mail.from.name, address: mail.from.address } : mail.from.address,
      to: mail.to,
      subject: mail.subject,
      messageId: `<${randomUUID()}@${domain}>`,
      text: mail.text,
    })
  } finally {
    transport.close()
  }
}
