import { parse } from 'csv-parse/sync'
import { ArchiveRefused } from '../../../lib/safe-zip.js'

/**
 * The rows of a CSV export with a header row, as objects keyed by column name. Invalid UTF-8 is replaced rather than
 * refused (exports from old apps mix encodings); rows shorter or longer than the header are read as far as they go.
 */
export function csvRows(bytes: Buffer): Array<Record<string, string>> {
  try {
    return readRows(bytes)
  } catch (error) {
    throw new ArchiveRefused(
      400,
      `The file is not a readable CSV export (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}

function readRows(bytes: Buffer): Array<Record<string, string>> {
  return parse<Record<string, string>>(new TextDecoder('utf-8', { fatal: false }).decode(bytes), {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim()),
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: false,
  })
}
