import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import yauzl from 'yauzl'
import yazl from 'yazl'

/** A multipart body of text fields and files, in the order given, as browsers and Mealie's clients send it. */
export function multipartForm(
  parts: Array<
    { name: string; value: string } | { name: string; fileName: string; content: Buffer; contentType?: string }
  >,
) {
  const boundary = `larder-${randomBytes(6).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      )
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      )
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A photograph-like picture: a gradient, so encoders cannot shrink it to nothing. */
export function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3
      pixels[offset] = (x * 255) / width
      pixels[offset + 1] = (y * 255) / height
      pixels[offset + 2] = 128
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
}

/** A camera JPEG: stored landscape with EXIF "rotate 90° to show" and a camera make, as phones write them. */
export const cameraJpeg = (width = 1200, height = 800) =>
  photo(width, height)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Larder Test Camera' } } })
    .toBuffer()

/** The entries of a zip: name → bytes. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error('no archive'))
      const entries = new Map<string, Buffer>()
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            archive.readEntry()
          })
          stream.on('error', reject)
        })
      })
      archive.on('end', () => resolve(entries))
      archive.on('error', reject)
      archive.readEntry()
    })
  })
}

/** A zip made in a test: path → content, in order; `store` leaves entries uncompressed (so tests can edit bytes). */
export function zipOf(files: Array<[string, Buffer | string]>, options: { store?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, content] of files) zip.addBuffer(Buffer.from(content), name, { compress: !options.store })
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

/** Replaces every occurrence of one name by another of the same length: names yazl refuses to write (`../x`). */
export function renamedInZip(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length')
  const copy = Buffer.from(zip)
  let at = copy.indexOf(from)
  while (at !== -1) {
    copy.write(to, at, 'latin1')
    at = copy.indexOf(from, at + 1)
  }
  return copy
}
