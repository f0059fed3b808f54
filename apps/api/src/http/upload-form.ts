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

/**
 * Reads a multipart upload: the text fields and the file of `fileField` when one was sent, at most `maxBytes` (a
 * larger file is a 413 from @fastify/multipart). Files in other fields are drained and ignored. Any order of parts
 * works: Mealie's clients send the file last, curl users often first.
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
  const fields: Record<string, string> = {}
  let file: Buffer | undefined
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 4, fields: 20 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value
    } else if (part.fieldname === fileField && file === undefined) {
      file = await part.toBuffer()
    } else {
      part.file.resume()
    }
  }
  // Text no column can store (NUL, lone surrogates) is refused here, as registerEndpoint refuses it in JSON bodies.
  const unsafe = unsafeInputIssues(fields, ['body'])
  if (unsafe.length > 0) throw new ValidationFailure(unsafe)
  return { fields, file }
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
