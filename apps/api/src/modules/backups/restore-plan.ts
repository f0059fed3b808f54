import type { DumpRow } from './database-dump.js'
import type { TableShape } from './tables.repo.js'

/** What a restore did (or, verified, would do) to one table: rows written, rows left out and why. */
export interface TableReport {
  restored: number
  skipped: number
  /** One line per kind of problem, with how many rows it cost: `"a row whose recipe_id names no recipes row (3 rows)"`. */
  reasons: string[]
}

/** The answer of a restore or a verify, counted per table (Mealie's tables, named as Larder names them). */
export interface RestoreReport {
  tables: Record<string, TableReport>
  /** The media files of the archive: restored, or left out (a path outside the media folders). */
  media: TableReport
}

export interface PlannedTable {
  name: string
  /** The columns written: those the dump's rows carry that the live table has and may be written. */
  columns: string[]
  /** In an order that inserts a row after any row of the same table it references. */
  rows: DumpRow[]
  report: TableReport
}

class Reasons {
  private readonly counts = new Map<string, number>()
  add(reason: string, rows = 1) {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + rows)
  }
  get skipped() {
    let total = 0
    for (const count of this.counts.values()) total += count
    return total
  }
  lines(): string[] {
    // A note about a column costs no row: it is said without a count.
    return [...this.counts].map(([reason, count]) =>
      count === 0 ? reason : `${reason} (${count} ${count === 1 ? 'row' : 'rows'})`,
    )
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The value a key compares by, as PostgreSQL's equality sees it: a uuid in any case, a number or its text. */
const keyOf = (row: DumpRow, columns: readonly string[]) =>
  JSON.stringify(
    columns.map((column) => {
      const text = String(row[column])
      return uuidPattern.test(text) ? text.toLowerCase() : text
    }),
  )

const hasNull = (row: DumpRow, columns: readonly string[]) => columns.some((column) => row[column] == null)

/**
 * Tables ordered so that each comes after every table it references (a reference to itself aside). Schema cycles
 * between tables do not occur in Larder; one would be placed in name order, and its insert would fail the restore.
 */
export function foreignKeyOrder(shapes: ReadonlyMap<string, TableShape>): string[] {
  const ordered: string[] = []
  const placed = new Set<string>()
  const visiting = new Set<string>()
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return
    visiting.add(name)
    for (const key of shapes.get(name)?.foreignKeys ?? []) {
      if (key.referencedTable !== name && shapes.has(key.referencedTable)) visit(key.referencedTable)
    }
    visiting.delete(name)
    placed.add(name)
    ordered.push(name)
  }
  for (const name of [...shapes.keys()].sort()) visit(name)
  return ordered
}

/**
 * Decides, without touching the database, what a restore writes: per table, in foreign-key order, the rows whose
 * references all land (on rows of the dump that are themselves kept — a dropped parent drops its children), whose
 * primary key is not a repeat, and, within a table that references itself, ordered parents first. Mealie's restore
 * prunes the same way, so that a slightly inconsistent backup still restores; every row left out is counted.
 */
export function planRestore(
  tables: Readonly<Record<string, DumpRow[]>>,
  shapes: ReadonlyMap<string, TableShape>,
): PlannedTable[] {
  const keptKeys = new Map<string, Set<string>>()
  const keysOf = (table: string, columns: readonly string[], rows: readonly DumpRow[]) => {
    const id = `${table}(${columns.join(',')})`
    let keys = keptKeys.get(id)
    if (!keys) {
      keys = new Set(rows.filter((row) => !hasNull(row, columns)).map((row) => keyOf(row, columns)))
      keptKeys.set(id, keys)
    }
    return keys
  }
  const planned = new Map<string, PlannedTable>()

  for (const name of foreignKeyOrder(shapes)) {
    const shape = shapes.get(name)!
    const reasons = new Reasons()
    const dumpRows = tables[name] ?? []
    const liveColumns = new Map(shape.columns.map((column) => [column.name, column]))
    const dumpColumns = new Set(dumpRows.flatMap((row) => Object.keys(row)))
    for (const column of dumpColumns) {
      if (!liveColumns.has(column))
        reasons.add(`column ${column} is not in this Larder's ${name}: its values were left out`, 0)
    }
    const columns = shape.columns
      .filter((column) => column.writable && dumpColumns.has(column.name))
      .map((column) => column.name)

    let rows: DumpRow[] = []
    const seenKeys = new Set<string>()
    for (const row of dumpRows) {
      if (shape.primaryKey.length > 0) {
        if (hasNull(row, shape.primaryKey)) {
          reasons.add(`a row without ${shape.primaryKey.join(', ')}`)
          continue
        }
        const key = keyOf(row, shape.primaryKey)
        if (seenKeys.has(key)) {
          reasons.add(`a repeated ${shape.primaryKey.join(', ')}`)
          continue
        }
        seenKeys.add(key)
      }
      const missing = shape.foreignKeys.find(
        (foreignKey) =>
          foreignKey.referencedTable !== name &&
          !hasNull(row, foreignKey.columns) &&
          !keysOf(
            foreignKey.referencedTable,
            foreignKey.referencedColumns,
            planned.get(foreignKey.referencedTable)?.rows ?? [],
          ).has(keyOf(row, foreignKey.columns)),
      )
      if (missing) {
        reasons.add(`a row whose ${missing.columns.join(', ')} names no ${missing.referencedTable} row`)
        continue
      }
      rows.push(row)
    }
    rows = orderSelfReferences(name, shape, rows, reasons)
    planned.set(name, {
      name,
      columns,
      rows,
      report: { restored: rows.length, skipped: reasons.skipped, reasons: reasons.lines() },
    })
  }
  return [...planned.values()]
}

/** Parents before children within one table; a row whose parent is missing (or in a cycle) is left out. */
function orderSelfReferences(name: string, shape: TableShape, rows: DumpRow[], reasons: Reasons): DumpRow[] {
  const selfKeys = shape.foreignKeys.filter((key) => key.referencedTable === name)
  if (selfKeys.length === 0) return rows
  const ordered: DumpRow[] = []
  const placed = new Map<string, Set<string>>(selfKeys.map((key) => [key.referencedColumns.join(','), new Set()]))
  let waiting = rows
  for (;;) {
    const next: DumpRow[] = []
    for (const row of waiting) {
      const ready = selfKeys.every(
        (key) =>
          hasNull(row, key.columns) ||
          placed.get(key.referencedColumns.join(','))!.has(keyOf(row, key.columns)) ||
          // A row that references itself is its own parent.
          keyOf(row, key.columns) === keyOf(row, key.referencedColumns),
      )
      if (!ready) {
        next.push(row)
        continue
      }
      ordered.push(row)
      for (const key of selfKeys) placed.get(key.referencedColumns.join(','))!.add(keyOf(row, key.referencedColumns))
    }
    if (next.length === 0 || next.length === waiting.length) {
      if (next.length > 0)
        reasons.add(`a row whose ${selfKeys[0]!.columns.join(', ')} names no ${name} row`, next.length)
      return ordered
    }
    waiting = next
  }
}
