import { HttpError } from '../../../http/errors.js'

/**
 * Mealie's schema revisions (its alembic chain, oldest first), as far as Larder can read a backup's rows. A backup
 * names the revision its rows conform to (`alembic_version`); older shapes are upgraded as Mealie's own migrations
 * would (convert.ts), a revision not in this list is from a newer Mealie and is refused before anything changes.
 */
export const mealieRevisions = [
  '6b0f5f32d602', // initial tables
  '263dd6707191',
  'f1a2dbee5fe9',
  '59eb59135381',
  '09dfc897ad62',
  'ab0bae02578f',
  'f30cf048c228',
  '188374910655',
  '089bfa50d0ed',
  '44e8d670719d', // extras on shopping lists, items and foods
  '2ea7a807915c',
  '1923519381ad',
  '167eb69066ad',
  '165d943c64ee', // meal plans get a user
  'ff5f73b01a7a',
  '16160bf731a0',
  '5ab195a474eb',
  'b04a08da2108',
  '38514b39a824',
  'b3dbb554ba53',
  '04ac51cbe9a4', // groups get a slug
  '1825b5225403',
  'bcfdad6b7355',
  '0341b154f79a',
  'dded3119c1fe',
  'ba1e4a6cfe99', // plural names, food and unit aliases
  '2298bb460ffd', // shopping lists get a user
  '09aba125b57a',
  'd7c6efd2de42', // favourites and the recipe's rating become per-user ratings
  '7788478a0338', // recipe actions
  '32d69327997b',
  'feecc8ffb956', // households
  'be568e39ffdf',
  '1fe4bd37ccc8',
  '602927e1013e',
  '86054b40fd06', // cookbooks and plan rules become query filters
  '3897397b4631', // Mealie 2.0.0
  'b1020f328e98',
  'b9e516e2d3b3', // last made, foods and tools on hand per household
  '7cf3054cbbcc',
  'd7b3ce6fa31a',
] as const

export type MealieRevision = (typeof mealieRevisions)[number]

/** The same sentence Mealie declares for this case (docs/mealie-compatibility.md "Backups"), with what Larder can read. */
export function unknownRevision(revision: string): HttpError {
  return new HttpError(
    400,
    `database backup schema version does not match current database: this Mealie backup is at schema revision ` +
      `${JSON.stringify(revision)}, which this Larder does not know (it reads Mealie backups up to revision ` +
      `${mealieRevisions.at(-1)}). Nothing was changed.`,
  )
}

/** Where a known revision stands in the chain, to ask "is this backup older than migration X?". */
export function revisionIndex(revision: string): number {
  return mealieRevisions.indexOf(revision as MealieRevision)
}

export function isBefore(revision: string, migration: MealieRevision): boolean {
  return revisionIndex(revision) < revisionIndex(migration)
}
