import path from 'node:path'
import { z } from 'zod'

/** Environment booleans the way operators write them in compose files. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'TRUE', 'FALSE', 'True', 'False'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value.toLowerCase()))

const hexColor = z.string().regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, 'must be a hex colour such as #E58325')

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url().default('http://localhost:9000'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  TOKEN_TIME: z.coerce.number().positive().default(48),
  SECURITY_MAX_LOGIN_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  SECURITY_USER_LOCKOUT_TIME: z.coerce.number().positive().default(24),
  SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_SIGNUP: booleanFlag.default(false),
  ALLOW_PASSWORD_LOGIN: booleanFlag.default(true),
  DEFAULT_GROUP: z.string().trim().min(1).max(100).default('Home'),
  DEFAULT_HOUSEHOLD: z.string().trim().min(1).max(100).default('Family'),
  DEFAULT_DARK_MODE: booleanFlag.default(false),
  PRODUCTION: booleanFlag.default(true),
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

export interface Config extends Environment {
  /** Absolute form of DATA_DIR. */
  dataDirectory: string
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
  return { ...parsed.data, dataDirectory: path.resolve(parsed.data.DATA_DIR) }
}
