import { planEntryTypes, type PlanEntryType } from '@larder/contracts'
import type { TFunction } from 'i18next'

/** The meal types as choices of a select, in Mealie's order, with their names in the person's language. */
export function entryTypeOptions(t: TFunction<'mealplans'>) {
  return planEntryTypes.map((type) => ({ value: type, label: t(`mealplans.types.${type}`) }))
}

export function isEntryType(value: string | null): value is PlanEntryType {
  return (planEntryTypes as readonly (string | null)[]).includes(value)
}
