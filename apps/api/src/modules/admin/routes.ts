import {
  adminCountJobs,
  adminListJobs,
  adminRetryJob,
  adminCreateGroup,
  adminCreateHousehold,
  adminCreatePasswordResetToken,
  adminCreateUser,
  adminDebugOpenAI,
  adminDeleteGroup,
  adminDeleteHousehold,
  adminDeleteUser,
  adminGetEmailReady,
  adminGetGroup,
  adminGetHousehold,
  adminGetUser,
  adminListGroups,
  adminListHouseholds,
  adminListUsers,
  adminSendTestEmail,
  adminUnlockUsers,
  adminUpdateGroup,
  adminUpdateHousehold,
  adminUpdateUser,
  createUser,
  deleteUser,
  listUsers,
  getAdminAbout,
  getAdminCheck,
  getAdminStatistics,
  getMaintenanceSummary,
  getMaintenanceStorage,
  cleanImages,
  cleanTemp,
  cleanRecipeFolders,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { readOptionalUploadForm } from '../../http/upload-form.js'
import type { MemberService, PasswordResetService } from '../users/index.js'
import type { AdminAboutService } from './about.service.js'
import type { AdminDebugService } from './debug.service.js'
import type { AdminJobService } from './jobs.service.js'
import type { MaintenanceService } from './maintenance.service.js'
import type { AdminTenancyService } from './tenancy.service.js'
import type { AdminUserService } from './users.service.js'

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: {
    about: AdminAboutService
    users: AdminUserService
    tenancy: AdminTenancyService
    members: MemberService
    passwordReset: PasswordResetService
    debug: AdminDebugService
    jobs: AdminJobService
    maintenance: MaintenanceService
  },
): void {
  const { about, users, tenancy, members, passwordReset, debug, jobs, maintenance } = deps
  registerEndpoint(app, getMaintenanceSummary, () => maintenance.summary())
  registerEndpoint(app, getMaintenanceStorage, () => maintenance.storage())
  registerEndpoint(app, cleanImages, () => maintenance.cleanImages())
  registerEndpoint(app, cleanTemp, () => maintenance.cleanTemp())
  registerEndpoint(app, cleanRecipeFolders, () => maintenance.cleanRecipeFolders())
  registerEndpoint(app, adminListJobs, ({ query }) => jobs.list(query))
  registerEndpoint(app, adminCountJobs, () => jobs.counts())
  registerEndpoint(app, adminRetryJob, ({ params }) => jobs.retry(params.id))

  registerEndpoint(app, getAdminAbout, () => about.about())
  registerEndpoint(app, getAdminStatistics, () => about.statistics())
  registerEndpoint(app, getAdminCheck, () => about.check())
  registerEndpoint(app, adminGetEmailReady, () => ({ ready: about.emailReady() }))
  registerEndpoint(app, adminSendTestEmail, ({ body }) => about.sendTestEmail(body.email))

  registerEndpoint(app, adminListUsers, ({ query }) => members.allUsers(query))
  registerEndpoint(app, listUsers, ({ query }) => members.allUsers(query))
  registerEndpoint(app, createUser, ({ body }) => users.create(body))
  registerEndpoint(app, deleteUser, ({ caller, params }) => users.delete(caller, params.id))
  registerEndpoint(app, adminCreateUser, ({ body }) => users.create(body))
  registerEndpoint(app, adminUnlockUsers, async ({ query }) => ({ unlocked: await users.unlock(query.force) }))
  registerEndpoint(app, adminGetUser, ({ params }) => users.get(params.id))
  registerEndpoint(app, adminUpdateUser, ({ caller, params, body }) => users.update(caller, params.id, body))
  registerEndpoint(app, adminDeleteUser, ({ caller, params }) => users.delete(caller, params.id))
  registerEndpoint(app, adminCreatePasswordResetToken, async ({ body }) => ({
    token: await passwordReset.adminToken(body.email),
  }))

  registerEndpoint(app, adminListGroups, ({ query }) => tenancy.listGroups(query))
  registerEndpoint(app, adminCreateGroup, ({ body }) => tenancy.createGroup(body.name))
  registerEndpoint(app, adminGetGroup, ({ params }) => tenancy.groupInDb(params.id))
  registerEndpoint(app, adminUpdateGroup, ({ params, body }) => tenancy.updateGroup(params.id, body))
  registerEndpoint(app, adminDeleteGroup, ({ params }) => tenancy.deleteGroup(params.id))

  registerEndpoint(app, adminListHouseholds, ({ query }) => tenancy.listHouseholds(query))
  registerEndpoint(app, adminCreateHousehold, ({ body }) => tenancy.createHousehold(body.groupId, body.name))
  registerEndpoint(app, adminGetHousehold, ({ params }) => tenancy.householdInDb(params.id))
  registerEndpoint(app, adminUpdateHousehold, ({ params, body }) => tenancy.updateHousehold(params.id, body))
  registerEndpoint(app, adminDeleteHousehold, ({ params }) => tenancy.deleteHousehold(params.id))

  // Mealie's client sends multipart only with a picture, and no body without one.
  registerEndpoint(app, adminDebugOpenAI, async ({ request }) => {
    const image = request.isMultipart()
      ? (await readOptionalUploadForm(request, 'image', debug.maximumImageBytes, 'picture')).file
      : undefined
    return debug.testOpenAI(image)
  })
}
