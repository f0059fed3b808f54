import {
  changePassword,
  createApiToken,
  getUser,
  deleteApiToken,
  getSelf,
  getUserImage,
  updateUser,
  uploadAvatar,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { readUploadForm } from '../../http/upload-form.js'
import type { ApiTokenService } from './api-tokens.service.js'
import type { AvatarService } from './avatars.service.js'
import type { UserService } from './service.js'

export function registerUserRoutes(
  app: FastifyInstance,
  services: { users: UserService; apiTokens: ApiTokenService; avatars: AvatarService },
): void {
  const { users, apiTokens, avatars } = services

  registerEndpoint(app, getSelf, ({ caller }) => users.getSelf(caller))
  registerEndpoint(app, getUser, ({ caller, params }) => users.getProfile(caller, params.id))

  registerEndpoint(app, updateUser, async ({ caller, params, body }) => {
    await users.updateProfile(caller, params.id, body)
    return { message: 'User updated', error: false as const }
  })

  registerEndpoint(app, changePassword, async ({ caller, body }) => {
    await users.changePassword(caller, body.currentPassword, body.newPassword)
    return { message: 'Password updated', error: false as const }
  })

  registerEndpoint(app, uploadAvatar, async ({ caller, params, request }) => {
    const { file } = await readUploadForm(request, 'profile', avatars.maximumAvatarBytes, 'picture')
    await avatars.upload(caller, params.id, file)
    return null
  })

  registerEndpoint(app, createApiToken, ({ caller, body }) => apiTokens.create(caller, body.name, body.integrationId))
  registerEndpoint(app, deleteApiToken, ({ caller, params }) => apiTokens.delete(caller, params.tokenId))

  registerEndpoint(app, getUserImage, async ({ params, reply }) => {
    const avatar = await avatars.read(params.id, params.fileName)
    if (!avatar) throw new HttpError(404, 'File not found')
    // Clients add ?cacheKey=…, which an upload changes; without it the default must not outstay the first upload.
    const cacheControl = avatar.isDefault ? 'public, max-age=300' : 'public, max-age=86400'
    return reply.type('image/webp').header('cache-control', cacheControl).send(avatar.image)
  })
}
