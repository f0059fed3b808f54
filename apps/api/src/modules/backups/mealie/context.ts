import type { DumpRow } from '../database-dump.js'
import type { MealieBackup, MealieRow } from './archive.js'
import { Tally } from './report.js'
import { isBefore, type MealieRevision } from './revisions.js'
import { uuidOf } from './values.js'

/** Where a restored row sits: what the rows that point at it need to know of it. */
export interface GroupScoped {
  groupId: string
}
export interface HouseholdScoped extends GroupScoped {
  householdId: string
}

/**
 * The state one conversion shares between its table mappers: the backup's rows, the Larder rows made so far, the
 * ids restored per table (so that a row whose foreign key names a row not restored is pruned, as Mealie's restore
 * prunes it), and the tally of what became of every row.
 */
export class Conversion {
  readonly tally = new Tally()
  readonly out: Record<string, DumpRow[]> = {}
  /** When this conversion ran: the stand-in for a timestamp Mealie left empty where Larder needs one. */
  readonly now = new Date().toISOString()

  readonly groups = new Map<string, GroupScoped & { name: string }>()
  /** Households by id, and each group's households in the backup's order (the first is its default). */
  readonly households = new Map<string, HouseholdScoped>()
  readonly householdsOfGroup = new Map<string, string[]>()
  readonly users = new Map<string, HouseholdScoped & { admin: boolean }>()
  /** Per group, the user that takes over rows Mealie left without an owner: its first admin, else its first user. */
  readonly stewards = new Map<string, string>()
  /** Rows merged into another of the same name (Larder's keys are stricter): the id each merged id now means. */
  readonly labels = new Map<string, string>()
  readonly foods = new Map<string, string>()
  readonly units = new Map<string, string>()
  readonly categories = new Map<string, string>()
  readonly tags = new Map<string, string>()
  readonly tools = new Map<string, string>()
  readonly recipes = new Map<string, HouseholdScoped & { userId: string; disableAmount: boolean }>()
  readonly cookbooks = new Set<string>()
  readonly planRules = new Set<string>()
  readonly shoppingLists = new Map<string, HouseholdScoped>()
  readonly shoppingItems = new Map<
    string,
    HouseholdScoped & { listId: string; quantity: number; unitId: string | null }
  >()
  readonly instructions = new Set<string>()

  constructor(readonly backup: MealieBackup) {
    for (const table of Object.keys(backup.tables)) this.tally.seen(table)
  }

  get revision(): string {
    return this.backup.revision
  }

  /** Whether the backup predates one of Mealie's migrations, whose upgrade the conversion then does itself. */
  before(migration: MealieRevision): boolean {
    return isBefore(this.backup.revision, migration)
  }

  rows(table: string): MealieRow[] {
    return this.backup.tables[table] ?? []
  }

  emit(table: string, row: DumpRow): void {
    ;(this.out[table] ??= []).push(row)
  }

  /** Rows of a child table grouped by the id they point at, for folding them into their parent. */
  byParent(table: string, column: string): Map<string, MealieRow[]> {
    const grouped = new Map<string, MealieRow[]>()
    for (const row of this.rows(table)) {
      const parent = uuidOf(row[column]) ?? String(row[column])
      grouped.set(parent, [...(grouped.get(parent) ?? []), row])
    }
    return grouped
  }

  /** Counts the rows of a child table folded into restored parents as restored, the others as pruned. */
  foldedInto(table: string, column: string, restoredParents: { has(id: string): boolean }, parent: string): void {
    for (const row of this.rows(table)) {
      const parentId = uuidOf(row[column])
      if (parentId && restoredParents.has(parentId)) this.tally.restored(table)
      else this.tally.skipped(table, missing(column, parent))
    }
  }

  defaultHousehold(groupId: string): string | null {
    return this.householdsOfGroup.get(groupId)?.[0] ?? null
  }
}

/** The reason for Mealie's foreign-key pruning (docs/mealie-compatibility.md "Backups"), in words. */
export const missing = (column: string, what: string) =>
  `pruned as Mealie prunes it: its ${column} names ${what} that is not in the backup (or was not restored)`

export const noCounterpart = (why: string) => `Larder has no counterpart: ${why}`
