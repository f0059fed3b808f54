import { NumberInput } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'

/** The most servings the server takes (PlanServings). */
const maximumServings = 10_000

/** What the field holds: empty (the recipe's own servings) or what was typed. */
export type ServingsValue = number | string

/** The field's value as the entry stores it: null when empty, else the number; undefined when it is not one. */
export function servingsOf(value: ServingsValue): number | null | undefined {
  if (value === '') return null
  const servings = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(servings) && servings > 0 && servings <= maximumServings ? servings : undefined
}

/** An entry's servings as the field shows them: empty when it has none. */
export const servingsValue = (servings: number | null | undefined): ServingsValue => servings ?? ''

/**
 * How many a planned meal is for; left empty, the recipe's own servings. "Shop for these days" scales the recipe by
 * it.
 */
export function ServingsInput(props: { value: ServingsValue; onChange: (value: ServingsValue) => void }) {
  const { t } = useStrings('mealplans')
  const invalid = servingsOf(props.value) === undefined
  return (
    <NumberInput
      label={t('mealplans.servings.label')}
      description={t('mealplans.servings.description')}
      placeholder={t('mealplans.servings.placeholder')}
      min={0}
      max={maximumServings}
      step={1}
      decimalScale={2}
      allowNegative={false}
      value={props.value}
      onChange={props.onChange}
      error={invalid ? t('mealplans.servings.invalid', { max: maximumServings }) : undefined}
    />
  )
}
