/**
 * Apprise URLs (https://github.com/caronc/apprise/wiki), the notifier addresses Mealie stores, read into what Larder
 * needs to deliver them itself. Pure: no I/O. Each scheme follows the form Apprise documents for it; what Larder does
 * not deliver is refused when the notifier is saved, with a message saying why.
 */

export class AppriseUrlError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AppriseUrlError'
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT'

interface Credentials {
  user: string | null
  password: string | null
}

export type AppriseTarget =
  | {
      kind: 'json' | 'form' | 'xml'
      /** `http(s)://host:port/path` with the `-name=value` parameters Apprise passes along. */
      url: string
      method: HttpMethod
      credentials: Credentials
      /** `+Name=value`: request headers. */
      headers: Record<string, string>
      /** `:name=value`: a payload field added, or a standard one renamed (`:message=text`) or dropped (`:type=`). */
      fields: Record<string, string>
    }
  | {
      kind: 'ntfy'
      /** `https://ntfy.sh` in cloud mode. */
      baseUrl: string
      topics: string[]
      auth: { basic: Credentials } | { token: string } | null
      priority: string | null
      tags: string[]
    }
  | { kind: 'gotify'; baseUrl: string; token: string; priority: number }
  | { kind: 'discord'; webhookId: string; webhookToken: string; username: string | null }
  | { kind: 'slack'; mode: 'webhook'; tokens: [string, string, string]; channels: string[]; username: string | null }
  | { kind: 'slack'; mode: 'bot'; token: string; channels: string[]; username: string | null }
  | { kind: 'telegram'; botToken: string; chatIds: string[] }
  | {
      kind: 'mail'
      host: string
      port: number
      /** `ssl` from the first byte (465), `starttls` required (mailtos), or plain (mailto). */
      security: 'ssl' | 'starttls' | 'none'
      credentials: Credentials
      from: string
      fromName: string | null
      to: string[]
    }
  | { kind: 'pushover'; userKey: string; token: string; devices: string[]; priority: number }
  | { kind: 'matrix'; mode: 't2bot'; token: string; username: string | null }
  | {
      kind: 'matrix'
      mode: 'server'
      baseUrl: string
      host: string
      /** Signs in with the password, or sends with the access token. */
      credentials: Credentials
      accessToken: string | null
      rooms: string[]
    }
  | { kind: 'hassio'; baseUrl: string; token: string; notificationId: string | null }
  | { kind: 'apprise'; baseUrl: string; token: string; credentials: Credentials; tags: string | null }

/** The schemes Larder delivers, each with the secure twin Apprise pairs it with. */
export const supportedSchemes = [
  'json',
  'jsons',
  'form',
  'forms',
  'xml',
  'xmls',
  'ntfy',
  'ntfys',
  'gotify',
  'gotifys',
  'discord',
  'slack',
  'tgram',
  'mailto',
  'mailtos',
  'pover',
  'matrix',
  'matrixs',
  'hassio',
  'hassios',
  'apprise',
  'apprises',
] as const
export type AppriseScheme = (typeof supportedSchemes)[number]

/** The pieces of an Apprise URL. Not WHATWG URL parsing: `#room` is part of the path, a bot token's `:` is no port. */
export interface UrlParts {
  scheme: string
  user: string | null
  password: string | null
  /** Everything between the credentials and the first `/`, port included. */
  authority: string
  host: string
  port: number | null
  /** The path's segments, decoded, without empty ones. */
  segments: string[]
  /** Plain parameters, lower-cased names. */
  query: Map<string, string>
  /** `+name=value`, `-name=value` and `:name=value` parameters, names as written. */
  headers: Record<string, string>
  passAlong: Record<string, string>
  fields: Record<string, string>
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

const decodeValue = (text: string) => decode(text.replace(/\+/g, ' '))

export function splitAppriseUrl(raw: string): UrlParts {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/is.exec(raw.trim())
  if (!match) throw new AppriseUrlError('An Apprise URL starts with its scheme, such as ntfys:// or jsons://')
  const scheme = match[1]!.toLowerCase()
  let rest = match[2]!
  let queryText = ''
  const questionMark = rest.indexOf('?')
  if (questionMark >= 0) {
    queryText = rest.slice(questionMark + 1)
    rest = rest.slice(0, questionMark)
  }
  const slash = rest.indexOf('/')
  let authority = slash >= 0 ? rest.slice(0, slash) : rest
  const path = slash >= 0 ? rest.slice(slash + 1) : ''
  let user: string | null = null
  let password: string | null = null
  const at = authority.lastIndexOf('@')
  if (at >= 0) {
    const userInfo = authority.slice(0, at)
    authority = authority.slice(at + 1)
    const colon = userInfo.indexOf(':')
    user = decode(colon >= 0 ? userInfo.slice(0, colon) : userInfo) || null
    password = colon >= 0 ? decode(userInfo.slice(colon + 1)) || null : null
  }
  const portMatch = /^(.*):(\d{1,5})$/.exec(authority)
  const host = decode(portMatch ? portMatch[1]! : authority)
  const port = portMatch ? Number(portMatch[2]) : null
  if (port !== null && (port < 1 || port > 65535)) throw new AppriseUrlError(`${port} is not a port`)
  const query = new Map<string, string>()
  const headers: Record<string, string> = {}
  const passAlong: Record<string, string> = {}
  const fields: Record<string, string> = {}
  for (const pair of queryText.split('&')) {
    if (!pair) continue
    const equals = pair.indexOf('=')
    const rawName = equals >= 0 ? pair.slice(0, equals) : pair
    const value = equals >= 0 ? decodeValue(pair.slice(equals + 1)) : ''
    // The prefix is read before decoding: `+` would otherwise become a space.
    const prefix = rawName[0]
    const name = decode(rawName.slice(1))
    if (prefix === '+' && name) headers[name] = value
    else if (prefix === '-' && name) passAlong[name] = value
    else if (prefix === ':' && name) fields[name] = value
    else query.set(decodeValue(rawName).toLowerCase(), value)
  }
  const segments = path.split('/').filter(Boolean).map(decode)
  return { scheme, user, password, authority, host, port, segments, query, headers, passAlong, fields }
}

const isSecure = (scheme: string) => scheme.endsWith('s') && scheme !== 'pover'

const hostNamePattern =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?)*)$/i

function requireHost(parts: UrlParts, what: string): string {
  if (!parts.host || !hostNamePattern.test(parts.host)) throw new AppriseUrlError(`${what} needs a host name`)
  return parts.host
}

function baseUrlOf(parts: UrlParts, defaultPort?: number): string {
  const host = requireHost(parts, `${parts.scheme}://`)
  const port = parts.port ?? defaultPort
  return `${isSecure(parts.scheme) ? 'https' : 'http'}://${host}${port ? `:${port}` : ''}`
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean)

const credentialsOf = (parts: UrlParts): Credentials => ({ user: parts.user, password: parts.password })

function httpTarget(parts: UrlParts, kind: 'json' | 'form' | 'xml'): AppriseTarget {
  const base = baseUrlOf(parts)
  const method = (parts.query.get('method') ?? 'POST').toUpperCase()
  if (method !== 'POST' && method !== 'PUT' && method !== 'GET') {
    throw new AppriseUrlError(`${kind}:// sends with POST, PUT or GET, not ${method}`)
  }
  const url = new URL(`${base}/${parts.segments.map(encodeURIComponent).join('/')}`)
  for (const [name, value] of Object.entries(parts.passAlong)) url.searchParams.append(name, value)
  return {
    kind,
    url: url.href,
    method,
    credentials: credentialsOf(parts),
    headers: parts.headers,
    fields: parts.fields,
  }
}

const ntfyCloud = 'https://ntfy.sh'
const ntfyPriorities: Record<string, string> = {
  '1': 'min',
  '2': 'low',
  '3': 'default',
  '4': 'high',
  '5': 'max',
  min: 'min',
  low: 'low',
  moderate: 'low',
  default: 'default',
  normal: 'default',
  high: 'high',
  max: 'max',
  emergency: 'max',
  urgent: 'max',
}

function ntfyTarget(parts: UrlParts): AppriseTarget {
  const topics = [...parts.segments, ...listOf(parts.query.get('to'))]
  const looksLikeHost = hostNamePattern.test(parts.host) && (parts.host.includes('.') || parts.port !== null)
  let mode = parts.query.get('mode') ?? (looksLikeHost && topics.length > 0 ? 'private' : 'cloud')
  if (/(^|\.)ntfy\.sh$/i.test(parts.host)) mode = 'cloud'
  if (mode === 'cloud' && parts.host && !/(^|\.)ntfy\.sh$/i.test(parts.host)) topics.unshift(parts.host)
  if (topics.length === 0) throw new AppriseUrlError('ntfy:// needs a topic: ntfys://ntfy.sh/{topic}')
  const token =
    parts.query.get('token') ?? (parts.user && !parts.password && /^tk_/i.test(parts.user) ? parts.user : null)
  const auth = token ? { token } : parts.user ? { basic: credentialsOf(parts) } : null
  const priority = parts.query.get('priority')
  if (priority && !ntfyPriorities[priority.toLowerCase()])
    throw new AppriseUrlError(`${priority} is not an ntfy priority`)
  return {
    kind: 'ntfy',
    baseUrl: mode === 'cloud' ? ntfyCloud : baseUrlOf(parts),
    topics,
    auth,
    priority: priority ? ntfyPriorities[priority.toLowerCase()]! : null,
    tags: listOf(parts.query.get('tags')),
  }
}

const gotifyPriorities: Record<string, number> = { low: 0, moderate: 3, normal: 5, high: 8, emergency: 10 }

function priorityNumber(value: string | undefined, named: Record<string, number>, fallback: number, what: string) {
  if (value === undefined || value === '') return fallback
  const number = named[value.toLowerCase()] ?? (/^-?\d+$/.test(value) ? Number(value) : Number.NaN)
  if (!Number.isInteger(number)) throw new AppriseUrlError(`${value} is not a ${what} priority`)
  return number
}

/** Targets whose token is the last path segment after an optional path: gotify, hassio, apprise. */
function tokenAtEnd(parts: UrlParts, what: string, defaultPort?: number) {
  const token = parts.segments.at(-1)
  if (!token) throw new AppriseUrlError(`${what} needs its token as the last part of the path`)
  const prefix = parts.segments.slice(0, -1).map(encodeURIComponent).join('/')
  return { base: `${baseUrlOf(parts, defaultPort)}${prefix ? `/${prefix}` : ''}`, token }
}

function slackTarget(parts: UrlParts): AppriseTarget {
  const pieces = [parts.host, ...parts.segments].filter(Boolean)
  const channels = [...pieces.filter((piece) => /^[#@+]/.test(piece)), ...listOf(parts.query.get('to'))]
  const tokens = pieces.filter((piece) => !/^[#@+]/.test(piece))
  if (tokens.length === 1 && /^xox[bp]-/i.test(tokens[0]!)) {
    if (channels.length === 0) throw new AppriseUrlError('slack:// with a bot token needs a #channel')
    return { kind: 'slack', mode: 'bot', token: tokens[0]!, channels, username: parts.user }
  }
  if (tokens.length !== 3) {
    throw new AppriseUrlError("slack:// needs the webhook's three tokens: slack://{tokenA}/{tokenB}/{tokenC}")
  }
  return { kind: 'slack', mode: 'webhook', tokens: tokens as [string, string, string], channels, username: parts.user }
}

function telegramTarget(parts: UrlParts): AppriseTarget {
  // The bot token (`123456:ABC…`) sits where a host would; `bot` in front is allowed, as Apprise allows it.
  const botToken = decode(parts.authority).replace(/^bot/i, '')
  if (!/^\d+:[\w-]+$/.test(botToken))
    throw new AppriseUrlError('tgram:// needs the bot token: tgram://{bot_token}/{chat_id}')
  const chatIds = [...parts.segments, ...listOf(parts.query.get('to'))]
  if (chatIds.length === 0) throw new AppriseUrlError('tgram:// needs a chat id: tgram://{bot_token}/{chat_id}')
  return { kind: 'telegram', botToken, chatIds }
}

/** Providers whose SMTP server is not the mail domain itself, as Apprise knows them. */
const mailProviders: Record<string, { host: string; port: number; security: 'ssl' | 'starttls' }> = {
  'gmail.com': { host: 'smtp.gmail.com', port: 587, security: 'starttls' },
  'googlemail.com': { host: 'smtp.gmail.com', port: 587, security: 'starttls' },
  'yahoo.com': { host: 'smtp.mail.yahoo.com', port: 465, security: 'ssl' },
  'outlook.com': { host: 'smtp-mail.outlook.com', port: 587, security: 'starttls' },
  'hotmail.com': { host: 'smtp-mail.outlook.com', port: 587, security: 'starttls' },
  'live.com': { host: 'smtp-mail.outlook.com', port: 587, security: 'starttls' },
  'fastmail.com': { host: 'smtp.fastmail.com', port: 465, security: 'ssl' },
  'zoho.com': { host: 'smtp.zoho.com', port: 465, security: 'ssl' },
  'yandex.com': { host: 'smtp.yandex.ru', port: 465, security: 'ssl' },
}

const mailAddressPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function mailTarget(parts: UrlParts): AppriseTarget {
  const domain = requireHost(parts, 'mailto://')
  const secure = parts.scheme === 'mailtos'
  const provider = mailProviders[domain.toLowerCase()]
  const mode = parts.query.get('mode')?.toLowerCase()
  const security: 'ssl' | 'starttls' | 'none' = !secure
    ? 'none'
    : mode === 'ssl'
      ? 'ssl'
      : mode === 'starttls'
        ? 'starttls'
        : (provider?.security ?? 'starttls')
  const host = parts.query.get('smtp') || provider?.host || domain
  const port =
    parts.port ?? (provider && !parts.query.get('smtp') ? provider.port : security === 'ssl' ? 465 : secure ? 587 : 25)
  const user = parts.query.get('user') ?? parts.user
  const from =
    parts.query.get('from') ?? (user ? (user.includes('@') ? user : `${user}@${domain}`) : `noreply@${domain}`)
  const to = [...parts.segments, ...listOf(parts.query.get('to'))]
  if (to.length === 0) to.push(from)
  for (const address of [from, ...to]) {
    if (!mailAddressPattern.test(address)) throw new AppriseUrlError(`${address} is not an e-mail address`)
  }
  return {
    kind: 'mail',
    host,
    port,
    security,
    credentials: { user, password: parts.query.get('pass') ?? parts.password },
    from,
    fromName: parts.query.get('name') ?? null,
    to,
  }
}

const pushoverPriorities: Record<string, number> = {
  low: -1,
  moderate: 0,
  normal: 0,
  high: 1,
  emergency: 2,
  lowest: -2,
}

function pushoverTarget(parts: UrlParts): AppriseTarget {
  const userKey = parts.user
  const token = parts.host
  if (!userKey || !/^[a-z0-9]{30}$/i.test(userKey) || !/^[a-z0-9]{30}$/i.test(token)) {
    throw new AppriseUrlError('pover:// needs the user key and the application token: pover://{user_key}@{token}')
  }
  const priority = priorityNumber(parts.query.get('priority'), pushoverPriorities, 0, 'Pushover')
  if (priority < -2 || priority > 2) throw new AppriseUrlError('A Pushover priority is from -2 to 2')
  return { kind: 'pushover', userKey, token, devices: [...parts.segments], priority }
}

function matrixTarget(parts: UrlParts): AppriseTarget {
  const mode = parts.query.get('mode')?.toLowerCase()
  const isT2bot = mode === 't2bot' || (!mode && /^[a-z0-9]{64}$/i.test(parts.host) && parts.segments.length === 0)
  if (isT2bot) {
    const token = mode === 't2bot' && parts.segments.length === 0 ? parts.host : (parts.segments.at(-1) ?? parts.host)
    if (!/^[a-z0-9]{64}$/i.test(token))
      throw new AppriseUrlError('matrix:// in t2bot mode needs the 64-character webhook token')
    return { kind: 'matrix', mode: 't2bot', token, username: parts.user }
  }
  const rooms = [...parts.segments, ...listOf(parts.query.get('to'))]
  if (rooms.length === 0)
    throw new AppriseUrlError('matrix:// needs a room: matrixs://{user}:{password}@{host}/#{room}')
  for (const room of rooms) {
    if (!/^[#!]/.test(room)) throw new AppriseUrlError(`${room} is not a room: write #alias or !id`)
  }
  const accessToken = parts.query.get('token') ?? (parts.user && !parts.password ? parts.user : null)
  if (!accessToken && !(parts.user && parts.password)) {
    throw new AppriseUrlError('matrix:// needs a user and password, or an access token')
  }
  return {
    kind: 'matrix',
    mode: 'server',
    baseUrl: baseUrlOf(parts),
    host: parts.host,
    credentials: accessToken ? { user: null, password: null } : credentialsOf(parts),
    accessToken,
    rooms,
  }
}

/** Reads an Apprise URL; throws AppriseUrlError saying what is wrong with it. */
export function parseAppriseUrl(raw: string): AppriseTarget {
  const parts = splitAppriseUrl(raw)
  const scheme = parts.scheme as AppriseScheme
  switch (scheme) {
    case 'json':
    case 'jsons':
      return httpTarget(parts, 'json')
    case 'form':
    case 'forms':
      return httpTarget(parts, 'form')
    case 'xml':
    case 'xmls':
      return httpTarget(parts, 'xml')
    case 'ntfy':
    case 'ntfys':
      return ntfyTarget(parts)
    case 'gotify':
    case 'gotifys': {
      const { base, token } = tokenAtEnd(parts, 'gotify://')
      const priority = priorityNumber(parts.query.get('priority'), gotifyPriorities, 5, 'Gotify')
      return { kind: 'gotify', baseUrl: base, token, priority }
    }
    case 'discord': {
      const webhookToken = parts.segments[0]
      if (!/^\d+$/.test(parts.host) || !webhookToken) {
        throw new AppriseUrlError('discord:// needs the webhook id and token: discord://{webhook_id}/{webhook_token}')
      }
      return { kind: 'discord', webhookId: parts.host, webhookToken, username: parts.user }
    }
    case 'slack':
      return slackTarget(parts)
    case 'tgram':
      return telegramTarget(parts)
    case 'mailto':
    case 'mailtos':
      return mailTarget(parts)
    case 'pover':
      return pushoverTarget(parts)
    case 'matrix':
    case 'matrixs':
      return matrixTarget(parts)
    case 'hassio':
    case 'hassios': {
      const { base, token } = tokenAtEnd(parts, 'hassio://', parts.port ?? 8123)
      return { kind: 'hassio', baseUrl: base, token, notificationId: parts.query.get('nid') ?? null }
    }
    case 'apprise':
    case 'apprises': {
      const { base, token } = tokenAtEnd(parts, 'apprise://')
      return {
        kind: 'apprise',
        baseUrl: base,
        token,
        credentials: credentialsOf(parts),
        tags: parts.query.get('tags') ?? null,
      }
    }
    default:
      throw new AppriseUrlError(
        `Larder does not deliver ${parts.scheme}:// notifications; use one of ${supportedSchemes.map((known) => `${known}://`).join(', ')}`,
      )
  }
}

/** Schemes whose host part is itself a secret (a token, a topic, a webhook id), shown as `***`. */
const secretHost = new Set(['discord', 'slack', 'tgram', 'pover'])

/**
 * The URL as answers show it: scheme and host, the user name where it is only a name, and `***` for the password,
 * the path and the query, which hold the tokens, topics and keys (`ntfys://ntfy.sh/***`).
 */
export function maskAppriseUrl(raw: string): string {
  const parts = splitAppriseUrl(raw)
  const target = parseAppriseUrl(raw)
  let hostShown = !secretHost.has(parts.scheme)
  if (target.kind === 'ntfy' && !/(^|\.)ntfy\.sh$/i.test(parts.host) && target.baseUrl === ntfyCloud) hostShown = false
  if (target.kind === 'matrix' && target.mode === 't2bot') hostShown = false
  const userIsName =
    hostShown &&
    parts.user !== null &&
    !(target.kind === 'ntfy' && target.auth && 'token' in target.auth) &&
    !(target.kind === 'matrix' && target.mode === 'server' && target.accessToken === parts.user)
  const userPart = parts.user === null ? '' : `${userIsName ? parts.user : '***'}${parts.password ? ':***' : ''}@`
  const hostPart = hostShown ? `${parts.host}${parts.port ? `:${parts.port}` : ''}` : '***'
  const secretRest =
    (hostShown && parts.segments.length > 0) || parts.query.size > 0 || Object.keys(parts.fields).length > 0
  return `${parts.scheme}://${userPart}${hostPart}${secretRest ? '/***' : ''}`
}
