import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import { createMailer } from '../lib/mail.js'
import { version } from '../version.js'
import { access } from './access/service.js'
import { createAdminAboutService } from './admin/about.js'
import { registerAdminRoutes } from './admin/routes.js'
import { createAdminTenancyService } from './admin/tenancy.js'
import { createAdminUserService } from './admin/users.js'
import { migrationsFolder } from '../db/migrate.js'
import { createHealthService } from './app/health.js'
import { registerAppRoutes } from './app/routes.js'
import { createAppService } from './app/service.js'
import { registerAuthRoutes } from './auth/routes.js'
import { createExternalAccounts } from './auth/external-accounts.js'
import { createLdapDirectory } from './auth/ldap.js'
import { createOidcSignIn } from './auth/oidc.js'
import { createAuthService, type SignToken } from './auth/service.js'
import { createSessionIssuer } from './auth/sessions.js'
import { groupRepo } from './groups/repo.js'
import { registerGroupRoutes } from './groups/routes.js'
import { createGroupService } from './groups/service.js'
import { invitationRepo } from './households/invitation-repo.js'
import { createInvitationService } from './households/invitations.js'
import { householdRepo } from './households/repo.js'
import { registerHouseholdRoutes } from './households/routes.js'
import { createHouseholdService } from './households/service.js'
import { registerAccountRoutes } from './users/account-routes.js'
import { apiTokenRepo } from './users/api-token-repo.js'
import { createApiTokenService, type SignApiToken } from './users/api-tokens.js'
import { createAvatarService } from './users/avatars.js'
import { createMemberService } from './users/members.js'
import { passwordResetRepo } from './users/password-reset-repo.js'
import { createPasswordResetService } from './users/password-reset.js'
import { createRegistrationService } from './users/registration.js'
import { userRepo } from './users/repo.js'
import { registerUserRoutes } from './users/routes.js'
import { createUserService } from './users/service.js'

export interface ModuleDependencies {
  config: Config
  db: Database
  signSession: SignToken
  signApiToken: SignApiToken
  log: (message: string, error?: unknown) => void
}

/** Builds every area's services once, each given only what it needs (DESIGN §2: modules meet through services). */
export function createModules(deps: ModuleDependencies) {
  const { config, db } = deps
  const mailer = createMailer(config)

  const households = createHouseholdService({ db, households: householdRepo })
  const groups = createGroupService({
    db,
    groups: groupRepo,
    households,
    defaultHouseholdName: config.DEFAULT_HOUSEHOLD,
  })
  const users = createUserService({ db, users: userRepo, apiTokens: apiTokenRepo, access })
  const members = createMemberService({ db, users: userRepo, userService: users, access })
  const avatars = createAvatarService({ db, users: userRepo, access, dataDirectory: config.dataDirectory })
  const invitations = createInvitationService({
    db,
    invitations: invitationRepo,
    access,
    mailer,
    baseUrl: config.BASE_URL,
  })
  const passwordReset = createPasswordResetService({
    db,
    users: userRepo,
    resets: passwordResetRepo,
    mailer,
    baseUrl: config.BASE_URL,
    log: deps.log,
  })
  const app = createAppService({ config, version, db, groups: groupRepo, users: userRepo })
  const issueSession = createSessionIssuer(config, deps.signSession)
  const externalAccounts = createExternalAccounts({ config, db, users: userRepo, groups, households })
  const ldap = config.ldapReady ? createLdapDirectory({ config, log: deps.log }) : null

  return {
    config,
    app,
    health: createHealthService({ db, migrationsFolder }),
    auth: createAuthService({ config, db, users: userRepo, issueSession, ldap, externalAccounts }),
    oidc: createOidcSignIn({ config, db, users: userRepo, externalAccounts, issueSession, log: deps.log }),
    users,
    apiTokens: createApiTokenService({ db, apiTokens: apiTokenRepo, access, signApiToken: deps.signApiToken }),
    avatars,
    members,
    groups,
    households,
    invitations,
    passwordReset,
    registration: createRegistrationService({
      db,
      allowSignup: config.ALLOW_SIGNUP,
      defaultHouseholdName: config.DEFAULT_HOUSEHOLD,
      users: userRepo,
      userService: users,
      groups,
      households,
      invitations,
    }),
    adminAbout: createAdminAboutService({ config, app, version, mailer, db, users: userRepo, groups, households }),
    adminUsers: createAdminUserService({
      config,
      db,
      users: userRepo,
      userService: users,
      groups,
      households,
      avatars,
    }),
    adminTenancy: createAdminTenancyService({ db, groups, households, members }),
  }
}

export type Modules = ReturnType<typeof createModules>

export function registerModuleRoutes(app: FastifyInstance, modules: Modules): void {
  registerAppRoutes(app, modules.app, modules.health)
  registerAuthRoutes(app, { auth: modules.auth, oidc: modules.oidc }, modules.config)
  registerUserRoutes(app, modules)
  registerAccountRoutes(app, { ...modules, requestsPerMinute: modules.config.SECURITY_AUTH_RATE_LIMIT })
  registerGroupRoutes(app, modules)
  registerHouseholdRoutes(app, modules)
  registerAdminRoutes(app, {
    about: modules.adminAbout,
    users: modules.adminUsers,
    tenancy: modules.adminTenancy,
    members: modules.members,
    passwordReset: modules.passwordReset,
  })
}
