import type { z } from 'zod'
import type { AdminAboutInfo, AppStatistics, CheckAppConfig } from '@larder/contracts'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Mailer } from '../../lib/mail.js'
import type { AppService } from '../app/index.js'
import type { GroupService } from '../groups/index.js'
import type { HouseholdService } from '../households/index.js'
import { countAnyRecipes } from '../recipes/index.js'
import type { UserRepo } from '../users/index.js'

function maskedDatabaseUrl(url: string | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '******'
    if (parsed.username) parsed.username = '******'
    return parsed.toString()
  } catch {
    return 'Postgres Url Overridden'
  }
}

export function createAdminAboutService(deps: {
  config: Config
  app: AppService
  version: string
  mailer: Mailer
  db: Database
  users: UserRepo
  groups: GroupService
  households: HouseholdService
}) {
  const { config, app, version, mailer, db, users, groups, households } = deps

  return {
    async about(): Promise<z.input<typeof AdminAboutInfo>> {
      const info = await app.about()
      return {
        ...info,
        defaultGroupSlug: null,
        defaultHouseholdSlug: null,
        enableOidc: config.OIDC_AUTH_ENABLED,
        versionLatest: version,
        apiPort: config.PORT,
        apiDocs: true,
        dbType: 'postgres',
        dbUrl: config.DATABASE_URL
          ? maskedDatabaseUrl(config.DATABASE_URL)
          : 'embedded PostgreSQL in DATA_DIR/postgres',
        defaultGroup: config.DEFAULT_GROUP,
        defaultHousehold: config.DEFAULT_HOUSEHOLD,
        buildId: version,
        recipeScraperVersion: 'larder',
      }
    },

    async statistics(): Promise<z.input<typeof AppStatistics>> {
      const [totalGroups, totalHouseholds, totalUsers, recipes] = await Promise.all([
        groups.countAny(),
        households.countAny(),
        users.countAny(db),
        countAnyRecipes(db),
      ])
      return {
        totalRecipes: recipes.total,
        totalUsers,
        totalHouseholds,
        totalGroups,
        uncategorizedRecipes: recipes.uncategorized,
        untaggedRecipes: recipes.untagged,
      }
    },

    check(): z.input<typeof CheckAppConfig> {
      return {
        emailReady: config.smtpReady,
        ldapReady: config.ldapReady,
        oidcReady: config.oidcReady,
        enableOpenai: config.openaiReady,
        // Mealie's check: is BASE_URL something other than the default, which follows PORT here.
        baseUrlSet: config.BASE_URL.replace(/\/$/, '') !== `http://localhost:${config.PORT}`,
        isUpToDate: true,
      }
    },

    emailReady: () => mailer.ready,

    async sendTestEmail(email: string): Promise<{ success: boolean; error: string | null }> {
      if (!mailer.ready) return { success: false, error: 'Outgoing mail is not configured (SMTP_* settings)' }
      try {
        await mailer.send({
          to: email,
          subject: 'Larder test email',
          heading: 'Mail works',
          message: 'This is a test mail from your Larder server: its mail settings work.',
          button: { text: 'Open Larder', link: config.BASE_URL },
          footer: 'Sent because an administrator asked for a test mail.',
        })
        return { success: true, error: null }
      } catch (error) {
        return { success: false, error: error instanceof Error ? error.message : String(error) }
      }
    },
  }
}

export type AdminAboutService = ReturnType<typeof createAdminAboutService>
