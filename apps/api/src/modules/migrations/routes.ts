import { createRecipeFromZip, MigrationFields, startMigration } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { ValidationFailure } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { readUploadForm } from '../../http/upload-form.js'
import type { RecipeZipService } from './recipe-zip.service.js'
import { maximumMigrationUploadBytes, type MigrationService } from './service.js'

/** The form's fields under either spelling (Mealie's web client sends snake_case; scripts often camelCase). */
function migrationFieldsOf(fields: Record<string, string>): MigrationFields {
  const type = fields.migration_type ?? fields.migrationType
  const tag = fields.add_migration_tag ?? fields.addMigrationTag
  const parsed = MigrationFields.safeParse({
    migration_type: type?.trim().toLowerCase(),
    ...(tag === undefined ? {} : { add_migration_tag: tag.trim() }),
  })
  if (parsed.success) return parsed.data
  throw new ValidationFailure(
    parsed.error.issues.map((issue) => ({
      loc: ['body', ...issue.path.map(String)],
      msg: issue.message,
      type: issue.code,
    })),
  )
}

export function registerMigrationRoutes(
  app: FastifyInstance,
  services: { migrations: MigrationService; recipeZips: RecipeZipService },
): void {
  registerEndpoint(app, startMigration, async ({ caller, request }) => {
    const form = await readUploadForm(request, 'archive', maximumMigrationUploadBytes, 'export')
    const fields = migrationFieldsOf(form.fields)
    return services.migrations.migrate(caller, fields.migration_type, fields.add_migration_tag, form.file)
  })

  registerEndpoint(app, createRecipeFromZip, async ({ caller, request, reply }) => {
    const form = await readUploadForm(request, 'archive', services.recipeZips.maximumUploadBytes, 'recipe zip')
    const slug = await services.recipeZips.importZip(caller, form.file)
    // A bare JSON string, as Mealie answers: Fastify would send a string as text.
    return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(slug))
  })
}
