/**
 * A whole database as a backup holds it, in the layout of Mealie's `database.json` (docs/mealie-compatibility.md "Backups"): keys are table
 * names, values are rows keyed by column name. Larder's own backups and a converted Mealie backup both arrive at
 * restore in this one shape, so that there is one restore path.
 *
 * - Table and column names are Larder's SQL names (snake_case), as in `apps/api/src/db/schema`.
 * - Values are plain JSON: uuids as lowercase hyphenated strings, timestamps as ISO-8601 strings with an offset,
 *   dates `YYYY-MM-DD`, json/jsonb columns as JSON values, bytea as base64 strings.
 * - Tables missing from `tables` are restored empty; a table Larder does not know is refused.
 */
export interface DatabaseDump {
  /** Which program wrote the dump: Larder's own backups say 'larder'. */
  format: 'larder'
  /** Larder's package version that wrote the dump. */
  larderVersion: string
  /** The tag of the last database migration applied when the dump was written (drizzle's journal `tag`). */
  schemaVersion: string
  tables: Record<string, DumpRow[]>
}

export type DumpRow = Record<string, unknown>

/**
 * Media that goes with a dump: archive paths under `data/` mapped to paths relative to DATA_DIR. Restore stages them
 * beside the live folders and swaps them in with the database.
 */
export type DumpMedia = Map<string, string>
