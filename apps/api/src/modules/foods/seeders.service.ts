import type { SuccessResponse } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import type { LabelRepo } from './labels.repo.js'
import type { LabelsAdded } from './labels.service.js'
import { inTransaction } from '../../db/transaction.js'
import type { FoodRepo } from './repo.js'
import { seedDataFor } from './seed-data/index.js'
import type { UnitRepo } from './units.repo.js'

const seeded: SuccessResponse = { message: 'Seeding Successful', error: false }

/**
 * Seeders (docs/mealie-compatibility.md "Foods, units and labels"): add a locale's common foods, units or labels to the caller's group. One INSERT … ON
 * CONFLICT DO NOTHING on the unique name per kind: names the group has are kept, and seeding twice or in parallel
 * adds each name once without an error. Seeded foods take the group's label of the name their entry gives, so seeding
 * labels first labels the foods.
 */
export function createSeederService(deps: {
  db: Database
  foods: FoodRepo
  units: UnitRepo
  labels: LabelRepo
  labelsAdded: LabelsAdded
}) {
  const { db, foods, units, labels, labelsAdded } = deps
  return {
    async foods(scope: Scope, locale: string): Promise<SuccessResponse> {
      await foods.insertMissing(db, scope, (await seedDataFor(locale)).foods)
      return seeded
    },
    async units(scope: Scope, locale: string): Promise<SuccessResponse> {
      await units.insertMissing(db, scope, (await seedDataFor(locale)).units)
      return seeded
    },
    async labels(scope: Scope, locale: string): Promise<SuccessResponse> {
      const entries = (await seedDataFor(locale)).labels
      await inTransaction(db, async (tx) =>
        labelsAdded.announce(tx, scope, await labels.insertMissing(tx, scope, entries)),
      )
      return seeded
    },
  }
}

export type SeederService = ReturnType<typeof createSeederService>
