import { deleteRecipeImage, scrapeRecipeImage, uploadRecipeAsset, uploadRecipeImage } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { ValidationFailure } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import type { RecipeAssetService } from './assets.service.js'
import type { RecipeImageService } from './images.service.js'
import { readUploadForm } from '../../http/upload-form.js'

/** Longest asset name and icon kept: a title, and an icon name such as `mdi-file-pdf-box`. */
const maximumNameLength = 500
const maximumIconLength = 100

/** The recipe's picture and attachments (docs/mealie-compatibility.md "Recipe images and assets"). The uploads read their multipart stream here. */
export function registerRecipeMediaRoutes(
  app: FastifyInstance,
  services: { images: RecipeImageService; assets: RecipeAssetService },
): void {
  const { images, assets } = services

  registerEndpoint(app, uploadRecipeImage, async ({ caller, params, request }) => {
    // `extension` is accepted and ignored: the bytes say what the file is.
    const form = await readUploadForm(request, 'image', images.maximumImageBytes, 'picture')
    return images.upload(caller, params.slug, form.file)
  })

  registerEndpoint(app, scrapeRecipeImage, ({ caller, params, body }) => images.fromUrl(caller, params.slug, body.url))

  registerEndpoint(app, deleteRecipeImage, async ({ caller, params }) => {
    await images.remove(caller, params.slug)
    return { message: 'Recipe image deleted', error: false as const }
  })

  registerEndpoint(app, uploadRecipeAsset, async ({ caller, params, request }) => {
    const { fields, file } = await readUploadForm(request, 'file', assets.maximumAssetBytes, 'file')
    const issues: Array<{ loc: string[]; msg: string; type: string }> = []
    for (const [field, limit] of [
      ['name', maximumNameLength],
      ['extension', 20],
      ['icon', maximumIconLength],
    ] as const) {
      const value = fields[field]
      if (value === undefined && field !== 'icon')
        issues.push({ loc: ['body', field], msg: 'Field required', type: 'missing' })
      else if (value !== undefined && value.length > limit) {
        issues.push({ loc: ['body', field], msg: `At most ${limit} characters`, type: 'string_too_long' })
      }
    }
    if (issues.length > 0) throw new ValidationFailure(issues)
    return assets.upload(caller, params.slug, {
      name: fields.name!,
      icon: fields.icon ?? '',
      extension: fields.extension!,
      file,
    })
  })
}
