import { createRecipeFromImage } from '@larder/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, ValidationFailure } from '../../http/errors.js'
import { registerEndpoint } from '../../http/register-endpoint.js'
import { readUploadParts } from '../../http/upload-form.js'
import { maximumPictures, type ImageImportService } from './image-import.service.js'

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024))

/** The contract's limit on `translateLanguage`, for its snake_case spelling. */
const longestLanguage = 20

/**
 * Reads the photos of a multipart upload: every file in the field `images` (repeated), in the order sent, each at
 * most `maxBytes`. Files in other fields are drained and ignored; text fields are ignored.
 */
async function readPictures(request: FastifyRequest, maxBytes: number): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the photos as multipart form data (field "images", once per photo)')
  }
  let pictures: Buffer[]
  try {
    const { files } = await readUploadParts(request, ['images'], { fileBytes: maxBytes, files: maximumPictures })
    pictures = files.images ?? []
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `Each photo may be at most ${megabytes(maxBytes)} MB`)
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `Send at most ${maximumPictures} photos at once`)
    throw error
  }
  if (pictures.length === 0) {
    throw new ValidationFailure([{ loc: ['body', 'images'], msg: 'Field required', type: 'missing' }])
  }
  return pictures
}

/**
 * The language to translate into: `translateLanguage` (Mealie's clients), or `translate_language` when only that is
 * sent (scripts written against Mealie's Python parameter name).
 */
function translateLanguageOf(declared: string | undefined, request: FastifyRequest): string | undefined {
  if (declared !== undefined) return declared
  const snake = (request.query as Record<string, unknown>).translate_language
  if (snake === undefined) return undefined
  const loc = ['query', 'translate_language']
  if (typeof snake !== 'string') {
    throw new ValidationFailure([{ loc, msg: 'Input should be a valid string', type: 'string_type' }])
  }
  if (snake.length > longestLanguage) {
    const msg = `String should have at most ${longestLanguage} characters`
    throw new ValidationFailure([{ loc, msg, type: 'string_too_long' }])
  }
  return snake
}

/** `POST /api/recipes/create/image`. */
export function registerImageImportRoutes(app: FastifyInstance, imageImport: ImageImportService): void {
  registerEndpoint(app, createRecipeFromImage, async ({ caller, query, request, reply }) => {
    const translateLanguage = translateLanguageOf(query.translateLanguage, request)
    // Off answers at once, before megabytes of photos are read.
    imageImport.requireEnabled()
    const pictures = await readPictures(request, imageImport.maximumPictureBytes)
    const slug = await imageImport.create(caller, pictures, translateLanguage)
    // A bare JSON string, as Mealie answers: Fastify would send a string as text.
    return reply.status(201).type('application/json; charset=utf-8').send(JSON.stringify(slug))
  })
}
