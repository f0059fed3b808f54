import type { PlanEntryType } from '@larder/contracts'
import { Button, Select, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import { useCreateEntry, usePlanSettings } from '@/features/mealplans/api/mealplans'
import { formatPlanDate, isPlanDate, todayIn } from '@/features/mealplans/week'
import { entryTypeOptions, isEntryType } from './entry-types'
import { ServingsInput, servingsOf, type ServingsValue } from './ServingsInput'

/**
 * The recipe page's "Add to meal plan": the day (today unless changed), the meal type (dinner unless changed) and the
 * servings (the recipe's own unless given), as the planner's add dialog takes them.
 */
export function AddToMealPlanDialog(props: {
  recipe: { id: string; name: string }
  opened: boolean
  onClose: () => void
}) {
  const { t, i18n } = useStrings('mealplans')
  const settings = usePlanSettings()
  const [date, setDate] = useState<string | null>(null)
  const [entryType, setEntryType] = useState<PlanEntryType>('dinner')
  const [servings, setServings] = useState<ServingsValue>('')
  /** null when left empty (the recipe's own), undefined when not a number the server takes. */
  const wantedServings = servingsOf(servings)
  const create = useCreateEntry()
  const day = date ?? todayIn(settings.data?.timeZone)

  const close = () => {
    setDate(null)
    setEntryType('dinner')
    setServings('')
    create.reset()
    props.onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isPlanDate(day) || wantedServings === undefined) return
    create.mutate(
      { date: day, entryType, recipeId: props.recipe.id, servings: wantedServings },
      {
        onSuccess: () => {
          notifySuccess(
            t('mealplans.add.added', {
              name: props.recipe.name,
              type: t(`mealplans.types.${entryType}`),
              date: formatPlanDate(day, i18n.language),
            }),
          )
          close()
        },
      },
    )
  }

  return (
    <DialogShell
      opened={props.opened}
      onClose={close}
      busy={create.isPending}
      title={t('mealplans.toRecipe.title', { name: props.recipe.name })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            type="date"
            label={t('mealplans.add.date')}
            required
            value={day}
            onChange={(event) => setDate(event.currentTarget.value)}
            data-autofocus
          />
          <Select
            label={t('mealplans.add.type')}
            data={entryTypeOptions(t)}
            value={entryType}
            allowDeselect={false}
            onChange={(value) => isEntryType(value) && setEntryType(value)}
            comboboxProps={{ withinPortal: true }}
          />
          <ServingsInput value={servings} onChange={setServings} />
          <DialogActions onCancel={close} cancelDisabled={create.isPending}>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!isPlanDate(day) || wantedServings === undefined}
            >
              {t('mealplans.add.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogShell>
  )
}
