import { unsafeInputIssues } from '@larder/contracts'
import type { FastifyRequest } from 'fastify'
import { ImageQueueFull, maximumInputPixels, UnreadableImage } from '../lib/images.js'
import { HttpError, ValidationFailure } from './errors.js'

export interface UploadForm {
  /** The text fields, by name (the last one wins when a name repeats). */
  fields: Record<string, string>
  /** The file sent in the expected field. */
  file: Buffer
}

export interface UploadParts {
  /** The text fields, by name (the last one wins when a name repeats). */
  fields: Record<string, string>
  /** The files of each expected file field, in the order sent. */
  files: Record<string, Buffer[]>
  /** The client's name of each of those files, in the same order ('' when it sent none). */
  fileNames: Record<string, string[]>
}

export interface UploadLimits {
  /** Bytes per file; a larger one is a 413. */
  fileBytes: number
  /** Files in all, expected or not; one more is a 413. */
  files?: number
}

/**
 * What went wrong while the multipart stream was read, as the answer. @fastify/multipart's own errors carry a code
 * (`FST_*`) and a status: limits are 413, a closed request 400, and "not multipart" (406 there) is our 415. Busboy's
 * parse errors ("Unexpected end of form", "Part terminated early…", "Boundary not found") are bare `Error`s with
 * neither, so they are told by where they come from: anything else this stream throws is a body that is not valid
 * multipart, the client's fault. (Matching a stack frame instead failed once busboy was bundled into dist/main.js.)
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof HttpError || error instanceof ValidationFailure) return error
  if (!(error instanceof Error)) return error
  const code = (error as { code?: unknown }).code
  const statusCode = (error as { statusCode?: unknown }).statusCode
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'The request is not multipart form data')
  if (typeof code === 'string' && code.startsWith('FST_') && typeof statusCode === 'number') return error
  return new HttpError(400, `The multipart body is malformed: ${error.message}`)
}

/**
 * The one upload reader: the text fields of a multipart body and the files of `fileFields` (repeats kept, in order),
 * each at most `limits.fileBytes`. Files in other fields are drained and ignored. Any order of parts works: Mealie's
 * clients send the file last, curl users often first. A body that is not valid multipart is a 400, whatever its fault.
 */
export async function readUploadParts(
  request: FastifyRequest,
  fileFields: readonly string[],
  limits: UploadLimits,
): Promise<UploadParts> {
  const fields: Record<string, string> = {}
  const files: Record<string, Buffer[]> = {}
  const fileNames: Record<string, string[]> = {}
  try {
    const parts = request.parts({ limits: { fileSize: limits.fileBytes, files: limits.files ?? 4, fields: 20 } })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
      } else if (fileFields.includes(part.fieldname)) {
        ;(files[part.fieldname] ??= []).push(await part.toBuffer())
        ;(fileNames[part.fieldname] ??= []).push(part.filename ?? '')
      } else {
        part.file.resume()
      }
    }
  } catch (error) {
    throw multipartFailure(error)
  }
  // Text no column can store (NUL, lone surrogates) is refused here, as registerEndpoint refuses it in JSON bodies.
  const unsafe = unsafeInputIssues(fields, ['body'])
  if (unsafe.length > 0) throw new ValidationFailure(unsafe)
  return { fields, files, fileNames }
}

/**
 * Reads a multipart upload: the text fields and the first file of `fileField` when one was sent, at most `maxBytes`.
 * `what` names the file in the 415 for a body that is not multipart.
 */
export async function readOptionalUploadForm(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  what: string,
): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the ${what} as multipart form data (field "${fileField}")`)
  }
  const { fields, files } = await readUploadParts(request, [fileField], { fileBytes: maxBytes })
  return { fields, file: files[fileField]?.[0] }
}

/** As readOptionalUploadForm, with the file required (422 without it). */
export async function readUploadForm(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  what: string,
): Promise<UploadForm> {
  const { fields, file } = await readOptionalUploadForm(request, fileField, maxBytes, what)
  if (!file) throw new ValidationFailure([{ loc: ['body', fileField], msg: 'Field required', type: 'missing' }])
  return { fields, file }
}

/**
 * An uploaded picture the image pipeline refused, as the answer to the upload: 503 while the queue is full, 413 over
 * the pixel limit, 415 for a file that is no picture. `subject` names the file in the message ("Photo 2").
 */
export function refusedPicture(error: unknown, subject: string): unknown {
  if (error instanceof ImageQueueFull) {
    return new HttpError(503, 'Larder is busy with other pictures. Try again in a few seconds.', { 'retry-after': '5' })
  }
  if (error instanceof UnreadableImage) {
    return error.tooLarge
      ? new HttpError(413, `${subject} is too large: at most ${maximumInputPixels / 1_000_000} megapixels`)
      : new HttpError(415, `${subject} is not a picture Larder can read (JPEG, PNG, WebP, GIF, HEIC or AVIF)`)
  }
  return error
}
