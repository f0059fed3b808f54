import {
  forgotPassword,
  lookUpInvitation,
  registerUser,
  resetPassword,
  validateEmail,
  validateGroupName,
  validateHouseholdName,
  validateUsername,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { GroupService } from '../groups/index.js'
import type { HouseholdService } from '../households/index.js'
import type { PasswordResetService } from './password-reset.service.js'
import type { RegistrationService } from './registration.service.js'

/** The public account routes: registration, its availability checks, and password reset. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: {
    registration: RegistrationService
    passwordReset: PasswordResetService
    groups: GroupService
    households: HouseholdService
    /** 0 turns the limit off. */
    requestsPerMinute: number
  },
): void {
  const { registration, passwordReset, groups, households } = deps
  const limited = { requestsPerMinute: deps.requestsPerMinute }
  // The availability checks tell whether a username or email has an account, and the invitation lookup whether a
  // token is good, so they are limited too; the sign-up form asks them as people type, hence three times the sign-in
  // allowance.
  const validatorLimit = { requestsPerMinute: deps.requestsPerMinute * 3 }

  registerEndpoint(app, registerUser, ({ body }) => registration.register(body), limited)
  registerEndpoint(
    app,
    lookUpInvitation,
    ({ query, reply }) => {
      // An invitation is spent or expires: an answer kept by a cache would soon be wrong.
      reply.header('cache-control', 'no-store')
      return registration.describeInvitation(query.token)
    },
    validatorLimit,
  )
  registerEndpoint(
    app,
    forgotPassword,
    async ({ body }) => {
      await passwordReset.requestReset(body.email)
      return null
    },
    limited,
  )
  registerEndpoint(
    app,
    resetPassword,
    async ({ body }) => {
      await passwordReset.reset(body.token, body.email, body.password)
      return null
    },
    limited,
  )

  registerEndpoint(
    app,
    validateUsername,
    async ({ query }) => ({
      valid: query.name.trim() !== '' && (await registration.usernameIsFree(query.name)),
    }),
    validatorLimit,
  )
  registerEndpoint(
    app,
    validateEmail,
    async ({ query }) => ({
      valid: query.email.trim() !== '' && (await registration.emailIsFree(query.email)),
    }),
    validatorLimit,
  )
  registerEndpoint(
    app,
    validateGroupName,
    async ({ query }) => ({
      valid: query.name.trim() !== '' && (await groups.nameIsFree(query.name)),
    }),
    validatorLimit,
  )
  registerEndpoint(
    app,
    validateHouseholdName,
    async ({ caller, query }) => ({
      valid: query.name.trim() !== '' && !(await households.findByName(caller, query.name.trim())),
    }),
    validatorLimit,
  )
}
