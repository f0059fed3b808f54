import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import { z } from 'zod'
import type { Database } from '../../db/client.js'
import { defineJob } from '../../jobs/job-definition.js'
import type { JobRunner } from '../../jobs/job-runner.js'
import type { GroupsModule } from '../groups/index.js'
import type { HouseholdsModule } from '../households/index.js'
import type { UsersModule } from '../users/index.js'
import { createExternalAccounts } from './external-accounts.service.js'
import { createLdapDirectory } from './ldap.client.js'
import { createOidcSignIn } from './oidc.service.js'
import { registerAuthRoutes } from './routes.js'
import { createAuthService } from './service.js'
import { createSessionIssuer, type SignToken } from './sessions.service.js'

export { createSessionIssuer, type IssueSession, type SignToken } from './sessions.service.js'

const authCleanUp = defineJob({ kind: 'auth.clean-up', payload: z.object({}), maxAttempts: 1 })

/** Signing in and out: passwords, LDAP, OIDC, the lockout, and the session cookies. */
export function createAuthModule(deps: {
  config: Config
  db: Database
  jobs: JobRunner
  signSession: SignToken
  log: (message: string, error?: unknown) => void
  groups: GroupsModule
  households: HouseholdsModule
  users: UsersModule
}) {
  const { config, db, log } = deps
  const users = deps.users.records
  const issueSession = createSessionIssuer(config, deps.signSession)
  const externalAccounts = createExternalAccounts({
    config,
    db,
    users,
    groups: deps.groups.service,
    households: deps.households.service,
  })
  const ldap = config.ldapReady ? createLdapDirectory({ config, log }) : null
  const service = createAuthService({ config, db, users, issueSession, ldap, externalAccounts })
  const oidc = createOidcSignIn({ config, db, users, externalAccounts, issueSession, log })
  deps.jobs.handle(authCleanUp, () => service.cleanUp())
  deps.jobs.schedule({
    name: authCleanUp.kind,
    job: authCleanUp,
    targets: () => [{ key: '', cadence: { everyMinutes: 60 }, payload: {} }],
  })
  return {
    service,
    registerRoutes: (app: FastifyInstance) => registerAuthRoutes(app, { auth: service, oidc }, config),
  }
}

export type AuthModule = ReturnType<typeof createAuthModule>
