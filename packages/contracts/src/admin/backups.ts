import { z } from 'zod'
import { ErrorResponse, SuccessResponse } from '../common/errors.js'
import { endpointGroup } from '../endpoint.js'
import { FileTokenResponse } from '../recipes/bulk-actions.js'

/** One archive in the backups folder, in Mealie's plain field names. */
export const BackupFile = z
  .object({
    name: z.string(),
    /** The file's modification time, UTC. */
    date: z.iso.datetime({ offset: true }),
    /** Human size, base 1024: "812 bytes", "3.4 KB", "12.05 MB". */
    size: z.string(),
  })
  .meta({ id: 'BackupFile' })
export type BackupFile = z.infer<typeof BackupFile>

export const AllBackups = z
  .object({
    /** Newest first. */
    imports: z.array(BackupFile),
    /** The export templates in DATA_DIR/templates. */
    templates: z.array(z.string()),
  })
  .meta({ id: 'AllBackups' })
export type AllBackups = z.infer<typeof AllBackups>

export const BackupTableReport = z
  .object({
    restored: z.number().int(),
    skipped: z.number().int(),
    /** One line per kind of row left out, with how many: "a row whose recipe_id names no recipes row (3 rows)". */
    reasons: z.array(z.string()),
  })
  .meta({ id: 'BackupTableReport' })
export type BackupTableReport = z.infer<typeof BackupTableReport>

/**
 * Larder's restore answer: Mealie's SuccessResponse (`message`, `error`) with, per table, what was restored and
 * what was left out and why; `media` counts the archive's files. Verify answers the same, having changed nothing.
 */
export const BackupRestoreReport = z
  .object({
    message: z.string(),
    error: z.literal(false),
    tables: z.record(z.string(), BackupTableReport),
    media: BackupTableReport,
  })
  .meta({ id: 'BackupRestoreReport' })
export type BackupRestoreReport = z.infer<typeof BackupRestoreReport>

const fileName = z.object({ fileName: z.string().min(1).max(255) })
const backups = endpointGroup({ tags: ['Admin: Backups'], auth: 'admin', errors: { 404: ErrorResponse } })

export const listBackups = backups.endpoint({
  method: 'GET',
  path: '/api/admin/backups',
  summary: 'The backups in DATA_DIR/backups, newest first',
  responses: { 200: AllBackups },
})

export const createBackup = backups.endpoint({
  method: 'POST',
  path: '/api/admin/backups',
  summary: 'Write a backup of the database and media now (larder_YYYY.MM.DD.HH.MM.SS.zip)',
  responses: { 201: SuccessResponse, 409: ErrorResponse },
})

/** Registered before `/:fileName` routes take `upload` as a name: a static segment wins in the router anyway. */
export const uploadBackup = backups.endpoint({
  method: 'POST',
  path: '/api/admin/backups/upload',
  summary: 'Store an uploaded backup archive (multipart field "archive"), replacing one of the same name',
  bodyEncoding: 'form',
  multipart: z.object({ archive: z.file() }),
  responses: { 200: SuccessResponse, 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
})

export const getBackupToken = backups.endpoint({
  method: 'GET',
  path: '/api/admin/backups/:fileName',
  summary: 'A token to download the backup through /api/utils/download',
  params: fileName,
  responses: { 200: FileTokenResponse },
})

export const deleteBackup = backups.endpoint({
  method: 'DELETE',
  path: '/api/admin/backups/:fileName',
  summary: 'Delete a backup',
  params: fileName,
  responses: { 200: SuccessResponse },
})

export const restoreBackup = backups.endpoint({
  method: 'POST',
  path: '/api/admin/backups/:fileName/restore',
  summary:
    'Replace the whole library (every group, user and recipe, and the media) with the backup; all or nothing, with a report per table',
  params: fileName,
  responses: {
    200: BackupRestoreReport,
    400: ErrorResponse,
    409: ErrorResponse,
    413: ErrorResponse,
    415: ErrorResponse,
  },
})

export const verifyBackup = backups.endpoint({
  method: 'POST',
  path: '/api/admin/backups/:fileName/verify',
  summary: "Larder's addition: check a backup and report what a restore would do, changing nothing",
  params: fileName,
  responses: { 200: BackupRestoreReport, 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
})

export const backupEndpoints = [
  listBackups,
  createBackup,
  uploadBackup,
  getBackupToken,
  deleteBackup,
  restoreBackup,
  verifyBackup,
] as const
