import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { ReportSummary } from '../reports/models.js'

/** The apps whose exports Larder reads (docs/mealie-compatibility.md "Migrations from other apps", docs/mealie-compatibility.md "After Mealie 2.0"). */
export const SupportedMigration = z
  .enum([
    'nextcloud',
    'chowdown',
    'copymethat',
    'paprika',
    'mealie_alpha',
    'tandoor',
    'plantoeat',
    'myrecipebox',
    'recipekeeper',
    'cookn',
  ])
  .meta({ id: 'SupportedMigrations' })
export type SupportedMigration = z.infer<typeof SupportedMigration>

/** The multipart fields of a migration; the archive itself is read from the stream by the handler. */
export const MigrationFields = z.object({
  migration_type: SupportedMigration,
  add_migration_tag: z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', '1', '0', 'on', 'off'])])
    .optional()
    .transform((value) => value === true || value === 'true' || value === 'True' || value === '1' || value === 'on'),
})
export type MigrationFields = z.output<typeof MigrationFields>

const migrations = endpointGroup({
  tags: ['Groups: Migrations'],
  auth: 'user',
  errors: { 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
})

// The handler reads the stream through the upload reader and checks the text fields against MigrationFields.
export const startMigration = migrations.endpoint({
  method: 'POST',
  path: '/api/groups/migrations',
  summary: "Import another app's export archive into the caller's household; answers the migration report",
  bodyEncoding: 'form',
  multipart: MigrationFields.extend({ archive: z.file() }),
  responses: { 200: ReportSummary },
})

export const migrationEndpoints = [startMigration] as const
