import {
  defaultThemeColors,
  themeColorNames,
  type AppInfo,
  type AppStartupInfo,
  type AppTheme,
} from '@larder/contracts'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { GroupService } from '../groups/index.js'
import type { UserRepo } from '../users/index.js'
import { defaultAdmin } from './first-run.service.js'

/** Public facts change rarely; a short cache keeps this hot endpoint off the database (docs/budgets.md "Server budgets" throughput). */
const publicFactsLifetimeMs = 5_000

export function createAppService(deps: {
  config: Config
  version: string
  db: Database
  groups: Pick<GroupService, 'publicDefaultSlugs'>
  users: Pick<UserRepo, 'emailExists'>
}) {
  const { config, version, db, groups, users } = deps
  let cachedInfo: { value: AppInfo; expires: number } | null = null

  const theme: AppTheme = {}
  for (const mode of ['light', 'dark'] as const) {
    for (const name of themeColorNames) {
      const variable = `THEME_${mode.toUpperCase()}_${name.toUpperCase()}` as keyof Config
      theme[`${mode}${name}`] = (config[variable] as string | undefined) ?? defaultThemeColors[name]
    }
  }

  return {
    async about(): Promise<AppInfo> {
      if (cachedInfo && cachedInfo.expires > Date.now()) return cachedInfo.value
      const slugs = await groups.publicDefaultSlugs(config.DEFAULT_GROUP, config.DEFAULT_HOUSEHOLD)
      const value: AppInfo = {
        production: config.PRODUCTION,
        version,
        demoStatus: false,
        allowSignup: config.ALLOW_SIGNUP,
        allowPasswordLogin: config.ALLOW_PASSWORD_LOGIN,
        defaultGroupSlug: slugs.groupSlug,
        defaultHouseholdSlug: slugs.householdSlug,
        enableOidc: config.oidcReady,
        oidcRedirect: config.OIDC_AUTO_REDIRECT,
        oidcProviderName: config.OIDC_PROVIDER_NAME,
        enableOpenai: config.openaiReady,
        enableOpenaiImageServices: config.openaiImageServicesReady,
        enableEmail: config.smtpReady,
      }
      cachedInfo = { value, expires: Date.now() + publicFactsLifetimeMs }
      return value
    },

    /** `isFirstLogin` holds while the seeded admin's address still exists (docs/mealie-compatibility.md "App info"). */
    async startupInfo(): Promise<AppStartupInfo> {
      return { isFirstLogin: await users.emailExists(db, defaultAdmin.email), isDemo: false }
    },

    theme(): AppTheme {
      return theme
    },
  }
}

export type AppService = ReturnType<typeof createAppService>
