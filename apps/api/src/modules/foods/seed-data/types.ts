/** One built-in food. `label` names a label of the same locale's seed list. */
export interface SeedFood {
  name: string
  pluralName?: string
  label?: string
}

/**
 * One built-in unit. `fraction` is true for units shown as fractions (½ cup) and false for metric units shown as
 * decimals (0.5 l); every seed unit states it.
 */
export interface SeedUnit {
  name: string
  pluralName?: string
  abbreviation?: string
  pluralAbbreviation?: string
  fraction?: boolean
}

/** One built-in label; `color` is `#rrggbb`, distinct from the other labels of the list. */
export interface SeedLabel {
  name: string
  color: string
}

/** A locale's built-in lists, as `POST /api/groups/seeders/{foods,units,labels}` adds them to a group. */
export interface SeedData {
  foods: SeedFood[]
  units: SeedUnit[]
  labels: SeedLabel[]
}
