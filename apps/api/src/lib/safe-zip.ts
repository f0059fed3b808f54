import { gunzipSync } from 'node:zlib'
import yauzl from 'yauzl'

/**
 * Reading uploaded zip archives without trusting them (DESIGN §10): every archive Larder opens — a migration, a
 * recipe zip, the zips inside a Tandoor export — goes through here. Nothing is written to disk: entries are inflated
 * into memory under one budget per upload, counted byte by byte while inflating (the sizes in the headers are the
 * attacker's to choose), so a zip bomb stops at the budget whatever its headers claim. Names that climb out of the
 * archive (`../x`, `/etc/x`, `C:\x`), links, encrypted entries and archives nested deeper than allowed are refused
 * before any of their bytes are used.
 */

export interface ArchiveLimits {
  /** Entries in all the archives of one upload together, folders and skipped files included. */
  maxEntries: number
  /** Bytes inflated from all the archives (and gzip members) of one upload together. */
  maxTotalBytes: number
  /** How many zips may sit inside one another: 1 is a plain archive, 2 allows Tandoor's zip of zips. */
  maxDepth: number
}

/** Why an archive was refused; the caller answers `status` with `message` (DESIGN §4). */
export class ArchiveRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message)
    this.name = 'ArchiveRefused'
  }
}

export interface ArchiveEntry {
  /** The entry's path inside its archive, with forward slashes and no leading `./`. */
  path: string
  bytes: Buffer
}

interface Budget {
  entriesLeft: number
  bytesLeft: number
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

/** What macOS and Windows add to archives they make: never a recipe, so never inflated. */
function isSystemClutter(entryPath: string): boolean {
  const segments = entryPath.split('/')
  const fileName = segments.at(-1) ?? ''
  return segments[0] === '__MACOSX' || fileName === '.DS_Store' || fileName === 'Thumbs.db'
}

/** A zip's first bytes: a local file header, or the end record of an empty archive. */
export function looksLikeZip(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  )
}

/** Names are refused rather than cleaned: an archive that tries to climb out of itself is hostile, not untidy. */
function checkedPath(rawName: string): string {
  const name = rawName.replaceAll('\\', '/')
  const segments = name.split('/')
  const hostile =
    name.includes('\0') || name.startsWith('/') || /^[a-z]:/i.test(name) || segments.some((segment) => segment === '..')
  if (hostile)
    throw new ArchiveRefused(400, `The archive holds a file outside its own folder (${JSON.stringify(rawName)})`)
  return segments.filter((segment) => segment !== '.' && segment !== '').join('/') + (name.endsWith('/') ? '/' : '')
}

const unixFileType = (entry: yauzl.Entry) => (entry.externalFileAttributes >>> 16) & 0o170000
const symbolicLinkType = 0o120000

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are checked by checkedPath (decodeStrings would refuse some, with yauzl's wording, not ours).
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error ? reject(corrupt(error)) : resolve(zip)),
    )
  })
}

function corrupt(error: unknown): ArchiveRefused {
  if (error instanceof ArchiveRefused) return error
  const detail = error instanceof Error ? error.message : String(error)
  if (/absolute path|invalid relative path/.test(detail)) {
    return new ArchiveRefused(400, `The archive holds a file outside its own folder (${detail})`)
  }
  return new ArchiveRefused(400, `The archive is damaged and cannot be read (${detail})`)
}

/**
 * One upload's archives, sharing one budget of entries and inflated bytes. `entries` are the regular files of the
 * outer archive (system clutter left out); `open` reads a zip found inside it, `gunzip` a gzip member, both under
 * the same budget.
 */
export class SafeArchive {
  private constructor(
    readonly entries: readonly ArchiveEntry[],
    private readonly limits: ArchiveLimits,
    /** Shared by every archive of one upload: what one inflates, the others no longer may. */
    private readonly budget: Budget,
    private readonly depth: number,
  ) {}

  /** Reads a whole upload. Not a zip → 415; damaged → 400; over a limit → 413; hostile names → 400. */
  static async read(bytes: Buffer, limits: ArchiveLimits): Promise<SafeArchive> {
    const budget: Budget = { entriesLeft: limits.maxEntries, bytesLeft: limits.maxTotalBytes }
    const entries = await inflateAll(bytes, limits, budget)
    return new SafeArchive(entries, limits, budget, 1)
  }

  /** A zip inside this archive, read under the same budget; one level deeper than allowed is refused. */
  async open(entry: ArchiveEntry): Promise<SafeArchive> {
    if (this.depth + 1 > this.limits.maxDepth) {
      throw new ArchiveRefused(400, `The archive nests zips more than ${this.limits.maxDepth} deep (${entry.path})`)
    }
    const entries = await inflateAll(entry.bytes, this.limits, this.budget)
    return new SafeArchive(entries, this.limits, this.budget, this.depth + 1)
  }

  /** A gzip member (Paprika's recipes), inflated under the same byte budget; a plain Error when it is not gzip. */
  gunzip(entry: ArchiveEntry): Buffer {
    if (this.budget.bytesLeft <= 0) throw tooLarge(this.limits)
    try {
      const inflated = gunzipSync(entry.bytes, { maxOutputLength: this.budget.bytesLeft })
      this.budget.bytesLeft -= inflated.length
      return inflated
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw tooLarge(this.limits)
      }
      // One unreadable member is that record's problem, not the archive's: the caller reports it and goes on.
      throw new Error(`${entry.path} is not a readable gzip file`)
    }
  }

  /** The files below `folder` (no trailing slash; '' for the root). */
  filesUnder(folder: string): ArchiveEntry[] {
    if (folder === '') return [...this.entries]
    return this.entries.filter((entry) => entry.path.startsWith(`${folder}/`))
  }
}

const tooLarge = (limits: ArchiveLimits) =>
  new ArchiveRefused(413, `The archive unpacks to more than ${megabytes(limits.maxTotalBytes)}`)

async function inflateAll(bytes: Buffer, limits: ArchiveLimits, budget: Budget): Promise<ArchiveEntry[]> {
  if (!looksLikeZip(bytes)) throw new ArchiveRefused(415, 'This file is not a zip archive')
  const zip = await openZip(bytes)
  if (zip.entryCount > budget.entriesLeft) {
    zip.close()
    throw new ArchiveRefused(413, `The archive holds more than ${limits.maxEntries} files`)
  }
  budget.entriesLeft -= zip.entryCount
  const entries: ArchiveEntry[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: unknown) => reject(corrupt(error)))
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        readEntry(zip, entry, limits, budget).then((read) => {
          if (read) entries.push(read)
          zip.readEntry()
        }, reject)
      })
      zip.readEntry()
    })
  } finally {
    zip.close()
  }
  return entries
}

async function readEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limits: ArchiveLimits,
  budget: Budget,
): Promise<ArchiveEntry | null> {
  const entryPath = checkedPath(entry.fileName)
  if (unixFileType(entry) === symbolicLinkType) {
    throw new ArchiveRefused(
      400,
      `The archive holds a link (${JSON.stringify(entry.fileName)}), which Larder does not follow`,
    )
  }
  if (entryPath.endsWith('/') || entryPath === '' || isSystemClutter(entryPath)) return null
  if (entry.isEncrypted())
    throw new ArchiveRefused(400, `${entryPath} is encrypted: export the archive without a password`)
  // The headers' claim is a cheap first check; the count while inflating below is the one that holds.
  if (entry.uncompressedSize > budget.bytesLeft) throw tooLarge(limits)
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error ? reject(corrupt(error)) : resolve(readable))),
  )
  const chunks: Buffer[] = []
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      budget.bytesLeft -= chunk.length
      if (budget.bytesLeft < 0) {
        ;(stream as NodeJS.ReadableStream & { destroy(): void }).destroy()
        reject(tooLarge(limits))
        return
      }
      chunks.push(chunk)
    })
    stream.on('error', (error) => reject(corrupt(error)))
    stream.on('end', () => resolve())
  })
  return { path: entryPath, bytes: Buffer.concat(chunks) }
}

/**
 * The folder an export's files sit in (reference §9.2.3): archives made by zipping a folder hold that one folder at
 * the root, often beside macOS's `__MACOSX` (already left out of `entries`). '' when files sit at the root.
 */
export function baseFolder(archive: SafeArchive): string {
  const tops = new Set(archive.entries.map((entry) => entry.path.split('/')[0] ?? ''))
  const rootFiles = archive.entries.some((entry) => !entry.path.includes('/'))
  if (tops.size === 1 && !rootFiles) return [...tops][0] ?? ''
  return ''
}
