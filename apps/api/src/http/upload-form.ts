import { unsafeTextIssues } from '@larder/contracts'
import type { FastifyRequest } from 'fastify'
import { HttpError, ValidationFailure } from './errors.js'

export interface UploadForm {
  /** The text fields, by name (the last one wins when a name repeats). */
  fields: Record<string, string>
  /** The file sent in the expected field. */
  file: Buffer
}

/**
 * Reads a multipart upload: the text fields and one file from `fileField`, at most `maxBytes` (a larger file is a 413
 * from @fastify/multipart). Files in other fields are drained and ignored. Any order of parts works: Mealie's
 * clients send the file last, curl users often first.
 */
export async function readUploadForm(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  what: string,
): Promise<UploadForm> {
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
  const unsafe = unsafeTextIssues(fields, ['body'])
  if (unsafe.length > 0) throw new ValidationFailure(unsafe)
  if (!file) throw new ValidationFailure([{ loc: ['body', fileField], msg: 'Field required', type: 'missing' }])
  return { fields, file }
}
