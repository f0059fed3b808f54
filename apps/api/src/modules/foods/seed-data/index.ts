import type { supportedLocales } from '@larder/contracts'
import { enUS } from './en-US.js'

export type SeedLocale = (typeof supportedLocales)[number]

/** One locale's seed lists (reference §2.9 "Seeders"): names as the locale writes them. */
export interface SeedData {
  foods: { name: string; pluralName?: string | null }[]
  units: {
    name: string
    pluralName?: string | null
    description?: string
    abbreviation?: string
    pluralAbbreviation?: string | null
  }[]
  labels: { name: string }[]
}

const seedDataByLocale: Partial<Record<SeedLocale, SeedData>> = { 'en-US': enUS }

/** The seed lists of a locale; a locale without lists of its own gets en-US's, as Mealie falls back. */
export function seedDataFor(locale: SeedLocale): SeedData {
  return seedDataByLocale[locale] ?? enUS
}
