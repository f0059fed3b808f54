import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { Mailer } from '../../lib/mail.js'
import type { GroupsModule } from '../groups/index.js'
import type { HouseholdsModule } from '../households/index.js'
import { registerAccountRoutes } from './account.routes.js'
import { access } from '../access/index.js'
import { apiTokenRepo } from './api-tokens.repo.js'
import { createApiTokenService, type SignApiToken } from './api-tokens.service.js'
import { createAvatarService } from './avatars.service.js'
import { registerMemberRoutes } from './members.routes.js'
import { createMemberService } from './members.service.js'
import { passwordResetRepo } from './password-reset.repo.js'
import { createPasswordResetService } from './password-reset.service.js'
import { createRegistrationService } from './registration.service.js'
import { userRepo } from './repo.js'
import { registerUserRoutes } from './routes.js'
import { createUserService } from './service.js'

export type { SignApiToken } from './api-tokens.service.js'
export type { AvatarService } from './avatars.service.js'
export type { MemberService } from './members.service.js'
export type { PasswordResetService } from './password-reset.service.js'
export type { UserRecord, UserRepo } from './repo.js'
export { withAdminFlags, type UserService } from './service.js'

/** Users: accounts, profiles, avatars, API tokens, registration, password reset, and the member lists. */
export function createUsersModule(deps: {
  config: Config
  db: Database
  mailer: Mailer
  signApiToken: SignApiToken
  log: (message: string, error?: unknown) => void
  groups: GroupsModule
  households: HouseholdsModule
}) {
  const { config, db, mailer } = deps
  const groups = deps.groups.service
  const households = deps.households.service
  /**
   * The user rows, shared with the areas that sign people in and administer them (auth, admin, app): they read and
   * write accounts under their own rules. Passed through this entry so that the sharing is explicit and reviewable.
   */
  const records = userRepo

  const service = createUserService({ db, users: records, apiTokens: apiTokenRepo, access })
  const members = createMemberService({ db, users: records, userService: service, access })
  const avatars = createAvatarService({ db, users: records, access, dataDirectory: config.dataDirectory })
  const apiTokens = createApiTokenService({ db, apiTokens: apiTokenRepo, access, signApiToken: deps.signApiToken })
  const passwordReset = createPasswordResetService({
    db,
    users: records,
    resets: passwordResetRepo,
    mailer,
    baseUrl: config.BASE_URL,
    log: deps.log,
  })
  const registration = createRegistrationService({
    db,
    allowSignup: config.ALLOW_SIGNUP,
    defaultHouseholdName: config.DEFAULT_HOUSEHOLD,
    users: records,
    userService: service,
    groups,
    households,
    invitations: deps.households.invitations,
  })

  return {
    service,
    records,
    members,
    avatars,
    passwordReset,
    registerRoutes(app: FastifyInstance) {
      registerUserRoutes(app, { users: service, apiTokens, avatars })
      registerAccountRoutes(app, {
        registration,
        passwordReset,
        groups,
        households,
        requestsPerMinute: config.SECURITY_AUTH_RATE_LIMIT,
      })
      registerMemberRoutes(app, members)
    },
  }
}

export type UsersModule = ReturnType<typeof createUsersModule>
