import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { isAllowListEntry } from './lib/outbound-address.js'
import { isKnownTimeZone } from './lib/zoned-time.js'

/** Environment booleans the way operators write them in compose files. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'TRUE', 'FALSE', 'True', 'False'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value.toLowerCase()))

/** One address or CIDR block, IPv4 or IPv6, the forms Fastify's `trustProxy` (proxy-addr) accepts. */
function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

/** Comma-separated addresses or CIDRs of the reverse proxies whose forwarding headers count (docs/security.md "Identity and permissions"). */
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAddressOrBlock), {
    message: 'must be comma-separated IP addresses or CIDR blocks, such as 127.0.0.1,10.0.0.0/8,::1',
  })

/** Hosts, addresses or CIDRs outbound requests may reach though they are not public (docs/security.md "Security rules"). */
const outboundAllowList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAllowListEntry), {
    message:
      'must be comma-separated host names, IP addresses or CIDR blocks, a host or address optionally with one port, such as nas.home.arpa:8080,192.168.1.0/24,fd00::/8',
  })

/**
 * A JSON object of strings, as OPENAI_CUSTOM_HEADERS and OPENAI_CUSTOM_PARAMS are written:
 * `{"X-Team": "kitchen"}`. Anything else (bad JSON, an array, a nested value) stops start-up naming the variable.
 */
const jsonStringRecord = z.string().transform((value, context) => {
  try {
    const parsed: unknown = JSON.parse(value)
    if (
      parsed !== null &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((entry) => typeof entry === 'string')
    ) {
      return parsed as Record<string, string>
    }
  } catch {
    // Falls through to the one message below.
  }
  context.addIssue({ code: 'custom', message: 'must be a JSON object of strings, such as {"X-Team": "kitchen"}' })
  return z.NEVER
})

const hexColor = z.string().regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, 'must be a hex colour such as #E58325')

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Unset, it follows PORT (see loadConfig), so links and mails point where the server listens.
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_ACQUIRE_TIMEOUT: z.coerce.number().positive().default(10),
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().positive().default(60),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: z.coerce.number().positive().default(60),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(3),
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  LIVE_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(100_000).default(2000),
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  BACKUP_KEEP: z.coerce.number().int().min(0).max(1000).default(7),
  TOKEN_TIME: z.coerce.number().positive().default(48),
  // The time zone of a household that has not chosen one (meal plans' "today", the calendar's meal times).
  TZ: z.string().refine(isKnownTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC').default('UTC'),
  SECURITY_MAX_LOGIN_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  SECURITY_USER_LOCKOUT_TIME: z.coerce.number().positive().default(24),
  SECURITY_AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  SECURITY_EXPLORE_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  TRUSTED_PROXIES: proxyList.default([]),
  HTTP_ALLOW_LIST: outboundAllowList.default([]),
  RECIPE_IMPORT_TIMEOUT: z.coerce.number().positive().max(300).default(15),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_SIGNUP: booleanFlag.default(false),
  ALLOW_PASSWORD_LOGIN: booleanFlag.default(true),
  DEFAULT_GROUP: z.string().trim().min(1).max(100).default('Home'),
  DEFAULT_HOUSEHOLD: z.string().trim().min(1).max(100).default('Family'),
  DEFAULT_DARK_MODE: booleanFlag.default(false),
  PRODUCTION: booleanFlag.default(true),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_FROM_NAME: z.string().default('Larder'),
  SMTP_FROM_EMAIL: z.email().optional(),
  SMTP_AUTH_STRATEGY: z.enum(['TLS', 'SSL', 'NONE']).default('TLS'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  OIDC_AUTH_ENABLED: booleanFlag.default(false),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_CONFIGURATION_URL: z.url().optional(),
  OIDC_SIGNUP_ENABLED: booleanFlag.default(true),
  OIDC_USER_GROUP: z.string().optional(),
  OIDC_ADMIN_GROUP: z.string().optional(),
  OIDC_AUTO_REDIRECT: booleanFlag.default(false),
  OIDC_PROVIDER_NAME: z.string().default('OAuth'),
  OIDC_REMEMBER_ME: booleanFlag.default(false),
  OIDC_USER_CLAIM: z.string().default('email'),
  OIDC_NAME_CLAIM: z.string().default('name'),
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
  OIDC_REQUIRES_EMAIL_VERIFICATION: booleanFlag.default(true),
  LDAP_AUTH_ENABLED: booleanFlag.default(false),
  LDAP_SERVER_URL: z
    .string()
    .regex(/^ldaps?:\/\//, 'must be an ldap:// or ldaps:// URL')
    .optional(),
  LDAP_TLS_INSECURE: booleanFlag.default(false),
  LDAP_TLS_CACERTFILE: z.string().optional(),
  LDAP_ENABLE_STARTTLS: booleanFlag.default(false),
  LDAP_BASE_DN: z.string().optional(),
  LDAP_QUERY_BIND: z.string().optional(),
  LDAP_QUERY_PASSWORD: z.string().optional(),
  LDAP_USER_FILTER: z.string().optional(),
  LDAP_ADMIN_FILTER: z.string().optional(),
  LDAP_ID_ATTRIBUTE: z.string().default('uid'),
  LDAP_MAIL_ATTRIBUTE: z.string().default('mail'),
  LDAP_NAME_ATTRIBUTE: z.string().default('name'),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o'),
  OPENAI_CUSTOM_HEADERS: jsonStringRecord.default({}),
  OPENAI_CUSTOM_PARAMS: jsonStringRecord.default({}),
  OPENAI_ENABLE_IMAGE_SERVICES: booleanFlag.default(true),
  OPENAI_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  OPENAI_SEND_DATABASE_DATA: booleanFlag.default(true),
  OPENAI_REQUEST_TIMEOUT: z.coerce.number().positive().default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  THEME_LIGHT_PRIMARY: hexColor.optional(),
  THEME_LIGHT_ACCENT: hexColor.optional(),
  THEME_LIGHT_SECONDARY: hexColor.optional(),
  THEME_LIGHT_SUCCESS: hexColor.optional(),
  THEME_LIGHT_INFO: hexColor.optional(),
  THEME_LIGHT_WARNING: hexColor.optional(),
  THEME_LIGHT_ERROR: hexColor.optional(),
  THEME_DARK_PRIMARY: hexColor.optional(),
  THEME_DARK_ACCENT: hexColor.optional(),
  THEME_DARK_SECONDARY: hexColor.optional(),
  THEME_DARK_SUCCESS: hexColor.optional(),
  THEME_DARK_INFO: hexColor.optional(),
  THEME_DARK_WARNING: hexColor.optional(),
  THEME_DARK_ERROR: hexColor.optional(),
})

export type Environment = z.infer<typeof environmentSchema>

/** Every environment variable Larder reads; docs/configuration.md documents each (config-docs.test.ts). */
export const settingNames: readonly string[] = Object.keys(environmentSchema.shape)

export interface Config extends Omit<Environment, 'BASE_URL'> {
  /** The public address: BASE_URL, or http://localhost:PORT when it is unset. */
  BASE_URL: string
  /** Absolute form of DATA_DIR. */
  dataDirectory: string
  /** Outgoing mail is configured well enough to send (Mealie's SMTP "ready"). */
  smtpReady: boolean
  /** OIDC sign-in is switched on and has what it needs (Mealie's OIDC_READY). */
  oidcReady: boolean
  /** LDAP sign-in is switched on and has what it needs (Mealie's LDAP_ENABLED). */
  ldapReady: boolean
  /** An OpenAI-compatible provider is configured: a key and a model (Mealie's OPENAI_ENABLED). */
  openaiReady: boolean
  /** …and image features may use it (Mealie's enableOpenaiImageServices). */
  openaiImageServicesReady: boolean
}

function readiness(environment: Environment) {
  const smtpCredentialsNeeded = environment.SMTP_AUTH_STRATEGY !== 'NONE'
  const smtpReady = Boolean(
    environment.SMTP_HOST &&
    environment.SMTP_FROM_EMAIL &&
    (!smtpCredentialsNeeded || (environment.SMTP_USER && environment.SMTP_PASSWORD)),
  )
  const groupsConfigured = Boolean(environment.OIDC_USER_GROUP || environment.OIDC_ADMIN_GROUP)
  const oidcReady =
    environment.OIDC_AUTH_ENABLED &&
    Boolean(environment.OIDC_CLIENT_ID && environment.OIDC_CLIENT_SECRET && environment.OIDC_CONFIGURATION_URL) &&
    Boolean(environment.OIDC_USER_CLAIM) &&
    (!groupsConfigured || Boolean(environment.OIDC_GROUPS_CLAIM))
  const ldapReady =
    environment.LDAP_AUTH_ENABLED &&
    Boolean(
      environment.LDAP_SERVER_URL &&
      environment.LDAP_BASE_DN &&
      environment.LDAP_ID_ATTRIBUTE &&
      environment.LDAP_MAIL_ATTRIBUTE &&
      environment.LDAP_NAME_ATTRIBUTE,
    )
  const openaiReady = Boolean(environment.OPENAI_API_KEY && environment.OPENAI_MODEL)
  const openaiImageServicesReady = openaiReady && environment.OPENAI_ENABLE_IMAGE_SERVICES
  return { smtpReady, oidcReady, ldapReady, openaiReady, openaiImageServicesReady }
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. This is the only reader of `process.env`: everything else receives a Config.
 * A bad value stops start-up with a message that names the variable.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([name, value]) => name in environmentSchema.shape && value !== ''),
  )
  const parsed = environmentSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  return {
    ...parsed.data,
    BASE_URL: parsed.data.BASE_URL ?? `http://localhost:${parsed.data.PORT}`,
    dataDirectory: path.resolve(parsed.data.DATA_DIR),
    ...readiness(parsed.data),
  }
}
