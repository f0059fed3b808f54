import {
  listFoods,
  listLabels,
  listUnits,
  seedFoods,
  seedLabels,
  seedUnits,
  type supportedLocales,
} from '@larder/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'

/** What a seeder adds: each kind's endpoint, the list that counts its rows and the queries it refreshes. */
const seeders = {
  foods: { seed: seedFoods, list: listFoods, refreshes: ['foods'] },
  units: { seed: seedUnits, list: listUnits, refreshes: ['units'] },
  labels: { seed: seedLabels, list: listLabels, refreshes: ['labels'] },
} as const

export type SeedKind = keyof typeof seeders

export type SeedLocale = (typeof supportedLocales)[number]

export interface SeedResult {
  /** The server's sentence ("Seeding Successful"). */
  message: string
  /** Rows the seed added (names the group already had are kept, not added). */
  added: number
  total: number
}

async function countOf(kind: SeedKind): Promise<number> {
  const page = (await call(seeders[kind].list, { query: { page: 1, perPage: 1 } })) as { total: number }
  return page.total
}

/**
 * Adds a locale's built-in foods, units or labels to the group and says how many were new: the seeder only answers
 * "Seeding Successful", so the group's count is read before and after.
 */
export function useSeed(kind: SeedKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (locale: SeedLocale): Promise<SeedResult> => {
      const before = await countOf(kind)
      // The dialog shows the server's sentence with the counts; no second notification.
      const answer = await call(seeders[kind].seed, { body: { locale }, notify: false })
      const total = await countOf(kind)
      return { message: answer.message, added: Math.max(0, total - before), total }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seeders[kind].refreshes }),
  })
}
