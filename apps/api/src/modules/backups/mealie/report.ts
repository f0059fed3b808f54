/** What became of one table of the backup: every row is either restored or skipped, and each skip says why. */
export interface TableReport {
  restored: number
  skipped: number
  /** Why rows were skipped, each with how many: "the recipe it belongs to is not in the backup (3 rows)". */
  reasons: string[]
  /** What was changed on the way in without losing the row (a slug made unique, an owner given). */
  notes?: string[]
}

/** The restore's answer: `{"tables": {"recipes": {"restored": N, "skipped": M, "reasons": […]}, …}}`, by Mealie's table names. */
export interface ConversionReport {
  source: 'mealie'
  revision: string
  tables: Record<string, TableReport>
}

/** Counts rows per backup table as the conversion decides about them. */
export class Tally {
  private readonly counts = new Map<
    string,
    { restored: number; skipped: Map<string, number>; notes: Map<string, number> }
  >()

  private table(name: string) {
    let entry = this.counts.get(name)
    if (!entry) {
      entry = { restored: 0, skipped: new Map(), notes: new Map() }
      this.counts.set(name, entry)
    }
    return entry
  }

  restored(table: string, rows = 1): void {
    this.table(table).restored += rows
  }

  skipped(table: string, reason: string, rows = 1): void {
    const skipped = this.table(table).skipped
    skipped.set(reason, (skipped.get(reason) ?? 0) + rows)
  }

  note(table: string, note: string): void {
    const notes = this.table(table).notes
    notes.set(note, (notes.get(note) ?? 0) + 1)
  }

  /** Tables the backup holds with no rows still appear, so that the report names every table of the archive. */
  seen(table: string): void {
    this.table(table)
  }

  report(revision: string): ConversionReport {
    const tables: Record<string, TableReport> = {}
    for (const [name, entry] of [...this.counts].sort(([a], [b]) => a.localeCompare(b))) {
      const rows = (count: number) => (count === 1 ? '1 row' : `${count} rows`)
      const table: TableReport = {
        restored: entry.restored,
        skipped: [...entry.skipped.values()].reduce((sum, count) => sum + count, 0),
        reasons: [...entry.skipped].map(([reason, count]) => `${reason} (${rows(count)})`),
      }
      if (entry.notes.size) table.notes = [...entry.notes].map(([note, count]) => `${note} (${rows(count)})`)
      tables[name] = table
    }
    return { source: 'mealie', revision, tables }
  }
}
