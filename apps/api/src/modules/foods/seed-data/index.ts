import type { SeedData } from './types.js'

export type { SeedData, SeedFood, SeedLabel, SeedUnit } from './types.js'

/** Each locale's lists load on first use: they are read only when a group is seeded, not at start-up. */
const loaders: Record<string, () => Promise<{ seed: SeedData }>> = {
  'en-US': () => import('./en-US.js'),
}

/** The built-in foods, units and labels for a locale code; a locale without lists of its own gets en-US's. */
export async function seedDataFor(locale: string): Promise<SeedData> {
  const load = Object.hasOwn(loaders, locale) ? loaders[locale]! : loaders['en-US']!
  return (await load()).seed
}
