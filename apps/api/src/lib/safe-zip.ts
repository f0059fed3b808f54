import { gunzipSync, inflateRawSync } from 'node:zlib'
import yauzl from 'yauzl'

/**
 * Reading uploaded zip archives without trusting them (docs/security.md "Security rules"): every archive Larder opens — a migration, a
 * recipe zip, the zips inside a Tandoor export — goes through here. Nothing is written to disk, and nothing is
 * inflated whole into memory to be checked: `read` first streams every entry through the inflater once, counting the
 * bytes as they come (the sizes in the headers are the attacker's to choose) and keeping none of them, so a zip bomb
 * is refused at the first limit it passes with only a stream's buffers in memory, and a damaged entry is refused
 * before any entry is used. An entry's bytes are then inflated again when a reader asks for them (`entry.bytes`):
 * a stored entry is a view of the upload, a deflated one at most `maxEntryBytes`, and what readers keep as text
 * counts against `maxTextBytes`. Names that climb out of the archive (`../x`, `/etc/x`, `C:\x`), links, encrypted
 * entries and archives nested deeper than allowed are refused before any of their bytes are used.
 */

export interface ArchiveLimits {
  /** Entries in all the archives of one upload together, folders and skipped files included. */
  maxEntries: number
  /** Bytes one entry (or gzip member) may inflate to: the most one read holds in memory. */
  maxEntryBytes: number
  /** Bytes inflated from all the archives (and gzip members) of one upload together, each entry counted once. */
  maxTotalBytes: number
  /** Bytes of the entries read as text (`entry.text()`), which readers keep while they work. */
  maxTextBytes: number
  /** How many zips may sit inside one another: 1 is a plain archive, 2 allows Tandoor's zip of zips. */
  maxDepth: number
}

/** Why an archive was refused; the caller answers `status` with `message` (docs/api.md "Errors"). */
export class ArchiveRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message)
    this.name = 'ArchiveRefused'
  }
}

/** One file of an archive, checked by `SafeArchive.read`; its bytes are inflated when asked for, each time. */
export interface ArchiveEntry {
  /** The entry's path inside its archive, with forward slashes and no leading `./`. */
  readonly path: string
  /** What the entry inflates to (checked while streaming it, not taken from its header). */
  readonly size: number
  /** The entry's bytes: keep the entry, not these, when they are needed later (a picture to convert at the end). */
  readonly bytes: Buffer
  /** The entry as UTF-8 text, counted against the upload's text budget. */
  text(): string
}

interface Budget {
  entriesLeft: number
  bytesLeft: number
  textLeft: number
  /** Gzip members already counted: reading one again is work, not more memory. */
  gunzipped: WeakSet<ArchiveEntry>
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
    // Names are checked by checkedPath (decodeStrings would refuse some, with yauzl's wording, not ours). The zip
    // stays open: entries are inflated again when readers ask for them.
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
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

const tooLarge = (limits: ArchiveLimits) =>
  new ArchiveRefused(413, `The archive unpacks to more than ${megabytes(limits.maxTotalBytes)}`)
const entryTooLarge = (limits: ArchiveLimits, entryPath: string) =>
  new ArchiveRefused(413, `${entryPath} unpacks to more than ${megabytes(limits.maxEntryBytes)}`)

/**
 * One upload's archives, sharing one budget of entries, inflated bytes and text. `entries` are the regular files of
 * the outer archive (system clutter left out); `open` reads a zip found inside it, `gunzip` a gzip member, both
 * under the same budget.
 */
export class SafeArchive {
  private constructor(
    readonly entries: readonly ArchiveEntry[],
    private readonly limits: ArchiveLimits,
    /** Shared by every archive of one upload: what one inflates, the others no longer may. */
    private readonly budget: Budget,
    private readonly depth: number,
  ) {}

  /** Checks a whole upload. Not a zip → 415; damaged → 400; over a limit → 413; hostile names → 400. */
  static async read(bytes: Buffer, limits: ArchiveLimits): Promise<SafeArchive> {
    const budget: Budget = {
      entriesLeft: limits.maxEntries,
      bytesLeft: limits.maxTotalBytes,
      textLeft: limits.maxTextBytes,
      gunzipped: new WeakSet(),
    }
    return new SafeArchive(await checkedEntries(bytes, limits, budget), limits, budget, 1)
  }

  /** A zip inside this archive, checked under the same budget; one level deeper than allowed is refused. */
  async open(entry: ArchiveEntry): Promise<SafeArchive> {
    if (this.depth + 1 > this.limits.maxDepth) {
      throw new ArchiveRefused(400, `The archive nests zips more than ${this.limits.maxDepth} deep (${entry.path})`)
    }
    const entries = await checkedEntries(entry.bytes, this.limits, this.budget)
    return new SafeArchive(entries, this.limits, this.budget, this.depth + 1)
  }

  /**
   * A gzip member (Paprika's recipes), inflated under the entry limit and, the first time, counted in the byte
   * budget. A plain Error, for the caller to report as that one record's failure, when it is not gzip or inflates
   * past the entry limit (stopped there, never held whole); an ArchiveRefused when the upload's budget is spent.
   */
  gunzip(entry: ArchiveEntry): Buffer {
    const counted = this.budget.gunzipped.has(entry)
    if (!counted && this.budget.bytesLeft <= 0) throw tooLarge(this.limits)
    const ceiling = counted ? this.limits.maxEntryBytes : Math.min(this.limits.maxEntryBytes, this.budget.bytesLeft)
    let inflated: Buffer
    try {
      inflated = gunzipSync(entry.bytes, { maxOutputLength: ceiling })
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        if (ceiling < this.limits.maxEntryBytes) throw tooLarge(this.limits)
        // Found while reading, one record among others: that record's problem, not the archive's.
        throw new Error(`${entry.path} unpacks to more than ${megabytes(this.limits.maxEntryBytes)}`)
      }
      // One unreadable member is that record's problem, not the archive's: the caller reports it and goes on.
      throw new Error(`${entry.path} is not a readable gzip file`)
    }
    if (!counted) {
      this.budget.bytesLeft -= inflated.length
      this.budget.gunzipped.add(entry)
    }
    return inflated
  }

  /**
   * Text a reader keeps from a member it inflated itself (a Paprika record, less the photo read again when it is
   * converted), counted against the upload's text budget by its inflated size, as `entry.text()` counts an entry's.
   * Past the budget a plain Error names the member, for the caller to report that record as failed and read on.
   */
  keepText(entry: ArchiveEntry, bytes: number): void {
    if (bytes > this.budget.textLeft) {
      throw new Error(
        `${entry.path} unpacks to more text than is left of the ${megabytes(this.limits.maxTextBytes)} an export may hold`,
      )
    }
    this.budget.textLeft -= bytes
  }

  /** The files below `folder` (no trailing slash; '' for the root). */
  filesUnder(folder: string): ArchiveEntry[] {
    if (folder === '') return [...this.entries]
    return this.entries.filter((entry) => entry.path.startsWith(`${folder}/`))
  }
}

/** Where an entry's data sits in the upload and how it is stored, as the streaming check found it. */
interface EntryData {
  path: string
  start: number
  compressedSize: number
  size: number
  deflated: boolean
}

function lazyEntry(upload: Buffer, data: EntryData, limits: ArchiveLimits, budget: Budget): ArchiveEntry {
  return {
    path: data.path,
    size: data.size,
    get bytes() {
      const stored = upload.subarray(data.start, data.start + data.compressedSize)
      // Checked already: this inflates to exactly `size` bytes, at most maxEntryBytes.
      return data.deflated ? inflateRawSync(stored, { maxOutputLength: Math.max(1, data.size) }) : stored
    },
    text() {
      budget.textLeft -= data.size
      if (budget.textLeft < 0) {
        throw new ArchiveRefused(413, `The archive holds more than ${megabytes(limits.maxTextBytes)} of text`)
      }
      return this.bytes.toString('utf8')
    },
  }
}

async function checkedEntries(bytes: Buffer, limits: ArchiveLimits, budget: Budget): Promise<ArchiveEntry[]> {
  if (!looksLikeZip(bytes)) throw new ArchiveRefused(415, 'This file is not a zip archive')
  const zip = await openZip(bytes)
  try {
    if (zip.entryCount > budget.entriesLeft) {
      throw new ArchiveRefused(413, `The archive holds more than ${limits.maxEntries} files`)
    }
    budget.entriesLeft -= zip.entryCount
    const entries: ArchiveEntry[] = []
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: unknown) => reject(corrupt(error)))
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        checkEntry(zip, entry, limits, budget).then((data) => {
          if (data) entries.push(lazyEntry(bytes, data, limits, budget))
          zip.readEntry()
        }, reject)
      })
      zip.readEntry()
    })
    return entries
  } finally {
    zip.close()
  }
}

/** Streams one entry through the inflater, counting and dropping its bytes; null for folders and clutter. */
async function checkEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limits: ArchiveLimits,
  budget: Budget,
): Promise<EntryData | null> {
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
  if (entry.uncompressedSize > limits.maxEntryBytes) throw entryTooLarge(limits, entryPath)
  if (entry.uncompressedSize > budget.bytesLeft) throw tooLarge(limits)
  const header = await zip.readLocalFileHeaderPromise(entry, { minimal: true }).catch((error: unknown) => {
    throw corrupt(error)
  })
  const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error ? reject(corrupt(error)) : resolve(readable))),
  )
  let size = 0
  await new Promise<void>((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      budget.bytesLeft -= chunk.length
      const refusal =
        size > limits.maxEntryBytes ? entryTooLarge(limits, entryPath) : budget.bytesLeft < 0 ? tooLarge(limits) : null
      if (refusal) {
        stream.destroy()
        reject(refusal)
      }
    })
    stream.on('error', (error) => reject(corrupt(error)))
    stream.on('end', () => resolve())
  })
  return {
    path: entryPath,
    start: header.fileDataStart,
    compressedSize: entry.compressedSize,
    size,
    deflated: entry.compressionMethod === 8,
  }
}

/**
 * The folder an export's files sit in (docs/mealie-compatibility.md "Migration pipeline"): archives made by zipping a folder hold that one folder at
 * the root, often beside macOS's `__MACOSX` (already left out of `entries`). '' when files sit at the root.
 */
export function baseFolder(archive: SafeArchive): string {
  const tops = new Set(archive.entries.map((entry) => entry.path.split('/')[0] ?? ''))
  const rootFiles = archive.entries.some((entry) => !entry.path.includes('/'))
  if (tops.size === 1 && !rootFiles) return [...tops][0] ?? ''
  return ''
}
