import { randomUUID } from 'node:crypto'
import type { AppriseTarget, HttpMethod } from './apprise-url.js'

/**
 * Larder's own delivery of each Apprise URL kind (apprise-url.ts): the requests Apprise's plugin of that name makes,
 * sent through a transport the caller gives (the outbound fetch guard and the mailer in production, a recorder in
 * unit tests). No Python, no Apprise.
 */

export interface NotifierMessage {
  title: string
  body: string
  /** Apprise's notification type. */
  type: 'info' | 'success' | 'warning' | 'failure'
}

export interface HttpCall {
  method: HttpMethod
  url: string
  headers: Record<string, string>
  body?: string
}

export interface MailCall {
  host: string
  port: number
  security: 'ssl' | 'starttls' | 'none'
  auth: { user: string; pass: string } | null
  from: { name: string | null; address: string }
  to: string[]
  subject: string
  text: string
}

export interface DeliveryTransport {
  /** Sends one request; answers the status and body of a 2xx, throws otherwise. */
  http(call: HttpCall): Promise<{ status: number; body: string }>
  mail(call: MailCall): Promise<void>
}

const json = (value: unknown) => JSON.stringify(value)
const jsonHeaders = { 'content-type': 'application/json' }
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' }

function basicAuth(user: string | null, password: string | null): Record<string, string> {
  if (!user) return {}
  return { authorization: `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}` }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** `:name=value` fields: a standard key renamed (`:message=text`) or dropped (`:type=`), any other added. */
function withFields(payload: Record<string, unknown>, fields: Record<string, string>): Record<string, unknown> {
  const result = { ...payload }
  for (const [name, value] of Object.entries(fields)) {
    if (name in payload) {
      const moved = result[name]
      delete result[name]
      if (value) result[value] = moved
    } else {
      result[name] = value
    }
  }
  return result
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Apprise's XML notification (NotifyXML-1.1): a SOAP envelope, custom fields as elements of the notification. */
function xmlPayload(message: NotifierMessage, fields: Record<string, string>): string {
  const standard = { Version: '1.1', Subject: message.title, MessageType: message.type, Message: message.body }
  const elements = Object.entries({ ...standard, ...fields })
    .map(([name, value]) => {
      const tag = name.replace(/[^\w.-]/g, '_')
      return `<${tag}>${escapeXml(String(value))}</${tag}>`
    })
    .join('')
  return (
    "<?xml version='1.0' encoding='utf-8'?>" +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<soapenv:Body><Notification xmlns:xsi="https://raw.githubusercontent.com/caronc/apprise/master/apprise/assets/NotifyXML-1.1.xsd">' +
    `${elements}<Attachments/></Notification></soapenv:Body></soapenv:Envelope>`
  )
}

/** Apprise's colours per type, as Discord and Slack show them. */
const colours: Record<NotifierMessage['type'], string> = {
  info: '#3AA3E3',
  success: '#3AA337',
  warning: '#CACF29',
  failure: '#A32037',
}

const titled = (message: NotifierMessage, separator = '\r\n') =>
  message.title ? `${message.title}${separator}${message.body}` : message.body

async function sendMatrix(
  target: Extract<AppriseTarget, { kind: 'matrix'; mode: 'server' }>,
  message: NotifierMessage,
  transport: DeliveryTransport,
) {
  const api = `${target.baseUrl}/_matrix/client/v3`
  let accessToken = target.accessToken
  if (!accessToken) {
    const login = await transport.http({
      method: 'POST',
      url: `${api}/login`,
      headers: jsonHeaders,
      body: json({
        type: 'm.login.password',
        identifier: { type: 'm.id.user', user: target.credentials.user },
        password: target.credentials.password,
      }),
    })
    accessToken = (JSON.parse(login.body) as { access_token?: string }).access_token ?? null
    if (!accessToken) throw new Error('The Matrix server answered the sign-in without an access token')
  }
  for (const room of target.rooms) {
    // An alias without a server is on the notifier's server, as Apprise reads it.
    const roomKey = room.startsWith('#') && !room.includes(':') ? `${room}:${target.host}` : room
    const joined = await transport.http({
      method: 'POST',
      url: `${api}/join/${encodeURIComponent(roomKey)}`,
      headers: { ...jsonHeaders, ...bearer(accessToken) },
      body: '{}',
    })
    const roomId = (JSON.parse(joined.body) as { room_id?: string }).room_id ?? roomKey
    await transport.http({
      method: 'PUT',
      url: `${api}/rooms/${encodeURIComponent(roomId)}/send/m.room.message/${randomUUID()}`,
      headers: { ...jsonHeaders, ...bearer(accessToken) },
      body: json({ msgtype: 'm.text', body: titled(message) }),
    })
  }
}

/** Delivers `message` to `target`; resolves when every request was answered 2xx, throws at the first that was not. */
export async function deliver(
  target: AppriseTarget,
  message: NotifierMessage,
  transport: DeliveryTransport,
): Promise<void> {
  switch (target.kind) {
    case 'json': {
      const payload = withFields(
        { version: '1.0', title: message.title, message: message.body, attachments: [], type: message.type },
        target.fields,
      )
      await transport.http({
        method: target.method,
        url: target.url,
        headers: {
          ...jsonHeaders,
          ...basicAuth(target.credentials.user, target.credentials.password),
          ...target.headers,
        },
        ...(target.method !== 'GET' && { body: json(payload) }),
      })
      return
    }
    case 'form': {
      const payload = withFields(
        { version: '1.0', title: message.title, message: message.body, type: message.type },
        target.fields,
      )
      const encoded = new URLSearchParams(
        Object.entries(payload).map(([name, value]): [string, string] => [name, String(value)]),
      )
      if (target.method === 'GET') {
        const url = new URL(target.url)
        for (const [name, value] of encoded) url.searchParams.append(name, value)
        await transport.http({
          method: 'GET',
          url: url.href,
          headers: { ...basicAuth(target.credentials.user, target.credentials.password), ...target.headers },
        })
        return
      }
      await transport.http({
        method: target.method,
        url: target.url,
        headers: {
          ...formHeaders,
          ...basicAuth(target.credentials.user, target.credentials.password),
          ...target.headers,
        },
        body: encoded.toString(),
      })
      return
    }
    case 'xml':
      await transport.http({
        method: target.method,
        url: target.url,
        headers: {
          'content-type': 'application/xml; charset=utf-8',
          ...basicAuth(target.credentials.user, target.credentials.password),
          ...target.headers,
        },
        ...(target.method !== 'GET' && { body: xmlPayload(message, target.fields) }),
      })
      return
    case 'ntfy': {
      const auth = !target.auth
        ? {}
        : 'token' in target.auth
          ? bearer(target.auth.token)
          : basicAuth(target.auth.basic.user, target.auth.basic.password)
      const headers: Record<string, string> = { ...jsonHeaders, ...auth }
      if (target.priority && target.priority !== 'default') headers['x-priority'] = target.priority
      if (target.tags.length > 0) headers['x-tags'] = target.tags.join(',')
      // ntfy's JSON publishing: to the server's root, the topic in the body.
      for (const topic of target.topics) {
        await transport.http({
          method: 'POST',
          url: target.baseUrl,
          headers,
          body: json({ topic, ...(message.title && { title: message.title }), message: message.body }),
        })
      }
      return
    }
    case 'gotify':
      await transport.http({
        method: 'POST',
        url: `${target.baseUrl}/message`,
        headers: { ...jsonHeaders, 'x-gotify-key': target.token },
        body: json({ priority: target.priority, title: message.title, message: message.body }),
      })
      return
    case 'discord':
      await transport.http({
        method: 'POST',
        url: `https://discord.com/api/webhooks/${target.webhookId}/${target.webhookToken}`,
        headers: jsonHeaders,
        body: json({
          tts: false,
          wait: true,
          ...(target.username && { username: target.username }),
          embeds: [
            {
              title: message.title,
              type: 'rich',
              description: message.body,
              color: Number.parseInt(colours[message.type].slice(1), 16),
            },
          ],
        }),
      })
      return
    case 'slack': {
      const attachment = {
        title: message.title,
        text: message.body,
        color: colours[message.type],
        footer: 'Larder',
        ts: Math.floor(Date.now() / 1000),
      }
      const base = { username: target.username ?? 'Larder', mrkdwn: true, attachments: [attachment] }
      if (target.mode === 'webhook') {
        const url = `https://hooks.slack.com/services/${target.tokens.join('/')}`
        const channels = target.channels.length > 0 ? target.channels : [null]
        for (const channel of channels) {
          await transport.http({
            method: 'POST',
            url,
            headers: jsonHeaders,
            body: json({ ...base, ...(channel && { channel }) }),
          })
        }
        return
      }
      for (const channel of target.channels) {
        await transport.http({
          method: 'POST',
          url: 'https://slack.com/api/chat.postMessage',
          headers: { 'content-type': 'application/json; charset=utf-8', ...bearer(target.token) },
          body: json({ ...base, channel: channel.replace(/^[#+]/, '') }),
        })
      }
      return
    }
    case 'telegram':
      for (const chatId of target.chatIds) {
        await transport.http({
          method: 'POST',
          url: `https://api.telegram.org/bot${target.botToken}/sendMessage`,
          headers: jsonHeaders,
          body: json({
            chat_id: chatId,
            disable_notification: false,
            parse_mode: 'HTML',
            text: message.title
              ? `<b>${escapeHtml(message.title)}</b>\r\n${escapeHtml(message.body)}`
              : escapeHtml(message.body),
          }),
        })
      }
      return
    case 'mail':
      await transport.mail({
        host: target.host,
        port: target.port,
        security: target.security,
        auth: target.credentials.user
          ? { user: target.credentials.user, pass: target.credentials.password ?? '' }
          : null,
        from: { name: target.fromName, address: target.from },
        to: target.to,
        subject: message.title,
        text: message.body,
      })
      return
    case 'pushover':
      await transport.http({
        method: 'POST',
        url: 'https://api.pushover.net/1/messages.json',
        headers: formHeaders,
        body: new URLSearchParams({
          token: target.token,
          user: target.userKey,
          title: message.title,
          message: message.body,
          priority: String(target.priority),
          ...(target.devices.length > 0 && { device: target.devices.join(',') }),
        }).toString(),
      })
      return
    case 'matrix':
      if (target.mode === 't2bot') {
        await transport.http({
          method: 'POST',
          url: `https://webhooks.t2bot.io/api/v1/matrix/hook/${target.token}`,
          headers: jsonHeaders,
          body: json({
            ...(target.username && { displayName: target.username }),
            format: 'plain',
            text: titled(message),
          }),
        })
        return
      }
      await sendMatrix(target, message, transport)
      return
    case 'hassio':
      await transport.http({
        method: 'POST',
        url: `${target.baseUrl}/api/services/persistent_notification/create`,
        headers: { ...jsonHeaders, ...bearer(target.token) },
        body: json({
          title: message.title,
          message: message.body,
          notification_id: target.notificationId ?? randomUUID(),
        }),
      })
      return
    case 'apprise':
      await transport.http({
        method: 'POST',
        url: `${target.baseUrl}/notify/${encodeURIComponent(target.token)}`,
        headers: { ...jsonHeaders, ...basicAuth(target.credentials.user, target.credentials.password) },
        body: json({
          title: message.title,
          body: message.body,
          type: message.type,
          format: 'text',
          ...(target.tags && { tag: target.tags }),
        }),
      })
      return
  }
}
