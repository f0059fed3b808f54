import {
  createBackup,
  deleteBackup,
  getBackupToken,
  listBackups,
  restoreBackup,
  uploadBackup,
  verifyBackup,
} from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { HttpError, ValidationFailure } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { readUploadParts } from '../../http/upload-form.js'
import type { BackupService } from './service.js'

/** The largest backup an upload may carry (the archive is read whole, then checked: lib/safe-zip.ts). */
const maximumUploadBytes = 2 * 1024 * 1024 * 1024

export function registerBackupRoutes(app: FastifyInstance, backups: BackupService): void {
  registerEndpoint(app, listBackups, () => backups.list())
  registerEndpoint(app, createBackup, async ({ reply }) => reply.status(201).send(await backups.create()))
  registerEndpoint(app, uploadBackup, async ({ request }) => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send the backup as multipart form data (field "archive")')
    const { files, fileNames } = await readUploadParts(request, ['archive'], { fileBytes: maximumUploadBytes })
    const archive = files.archive?.[0]
    if (!archive) throw new ValidationFailure([{ loc: ['body', 'archive'], msg: 'Field required', type: 'missing' }])
    return backups.upload(fileNames.archive?.[0], archive)
  })
  registerEndpoint(app, getBackupToken, ({ params }) => backups.token(params.fileName))
  registerEndpoint(app, deleteBackup, ({ params }) => backups.delete(params.fileName))
  registerEndpoint(app, restoreBackup, ({ params }) => backups.restore(params.fileName))
  registerEndpoint(app, verifyBackup, ({ params }) => backups.verify(params.fileName))
}
