import type { UpdateHouseholdPreferences } from '@larder/contracts'
import { Divider, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export type HouseholdPreferenceValues = Required<UpdateHouseholdPreferences>

/** Mealie's defaults for a household's preferences (the contract's defaults; a full replace starts from these). */
export const defaultHouseholdPreferences: HouseholdPreferenceValues = {
  privateHousehold: true,
  lockRecipeEditsFromOtherHouseholds: true,
  firstDayOfWeek: 0,
  recipePublic: true,
  recipeShowNutrition: false,
  recipeShowAssets: false,
  recipeLandscapeView: false,
  recipeDisableComments: false,
  recipeDisableAmount: true,
}

/** The editable fields of a preferences answer (drops id and anything else the server adds). */
export function preferenceValuesOf(preferences: Partial<HouseholdPreferenceValues> | null | undefined) {
  const values = { ...defaultHouseholdPreferences }
  for (const key of Object.keys(values) as Array<keyof HouseholdPreferenceValues>) {
    const value = preferences?.[key]
    if (value !== undefined) (values as Record<string, unknown>)[key] = value
  }
  return values
}

const householdSwitches = ['privateHousehold', 'lockRecipeEditsFromOtherHouseholds'] as const
const recipeSwitches = [
  'recipePublic',
  'recipeShowNutrition',
  'recipeShowAssets',
  'recipeLandscapeView',
  'recipeDisableComments',
  'recipeDisableAmount',
] as const

/** Days as JavaScript numbers them (0 = Sunday), the household's firstDayOfWeek. */
const weekdays = [0, 1, 2, 3, 4, 5, 6]

/** Household preferences (docs/web.md "Mealie's screens" `/household`), shared by the household page and administration. */
export function HouseholdPreferencesEditor(props: {
  value: HouseholdPreferenceValues
  onChange: (value: HouseholdPreferenceValues) => void
  disabled?: boolean
}) {
  const { t, i18n } = useTranslation()
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(new Date(Date.UTC(2023, 0, 1 + day)))
  const set = <Key extends keyof HouseholdPreferenceValues>(key: Key, value: HouseholdPreferenceValues[Key]) =>
    props.onChange({ ...props.value, [key]: value })

  return (
    <Stack gap="md">
      <Text fw={600} size="sm">
        {t('householdSettings.household')}
      </Text>
      {householdSwitches.map((key) => (
        <Switch
          key={key}
          label={t(`householdSettings.preference.${key}`)}
          description={t(`householdSettings.preferenceHint.${key}`)}
          checked={props.value[key]}
          disabled={props.disabled}
          onChange={(event) => set(key, event.currentTarget.checked)}
        />
      ))}
      <NativeSelect
        label={t('householdSettings.firstDayOfWeek')}
        maw={320}
        disabled={props.disabled}
        value={String(props.value.firstDayOfWeek)}
        data={weekdays.map((day) => ({ value: String(day), label: dayName(day) }))}
        onChange={(event) => set('firstDayOfWeek', Number(event.currentTarget.value))}
      />
      <Divider my="xs" />
      <Text fw={600} size="sm">
        {t('householdSettings.recipeDefaults')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {recipeSwitches.map((key) => (
          <Switch
            key={key}
            label={t(`householdSettings.preference.${key}`)}
            description={t(`householdSettings.preferenceHint.${key}`)}
            checked={props.value[key]}
            disabled={props.disabled}
            onChange={(event) => set(key, event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
