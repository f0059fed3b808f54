import type { PlanEntryType, ReadPlanEntry } from '@larder/contracts'
import { Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'
import { isPlanDate } from '@/features/mealplans/week'
import { entryTypeOptions, isEntryType } from './entry-types'
import { ServingsInput, servingsOf, servingsValue, type ServingsValue } from './ServingsInput'

/** An entry's day, meal type and servings, as the Edit… dialog changes them. */
export interface EntryEdit {
  date: string
  entryType: PlanEntryType
  servings: number | null
}

/**
 * A meal's day, meal type and (for a recipe) servings, changed in a form: also the accessible alternative to
 * dragging it to another day.
 */
export function EditEntryDialog(props: {
  entry: ReadPlanEntry | null
  name: string
  onSave: (entry: ReadPlanEntry, edit: EntryEdit) => void
  onClose: () => void
}) {
  const { t } = useStrings('mealplans')
  const [openedFor, setOpenedFor] = useState<ReadPlanEntry | null>(null)
  const [date, setDate] = useState('')
  const [entryType, setEntryType] = useState<PlanEntryType>('dinner')
  const [servings, setServings] = useState<ServingsValue>('')
  if (props.entry && openedFor !== props.entry) {
    setOpenedFor(props.entry)
    setDate(props.entry.date)
    setEntryType(props.entry.entryType)
    setServings(servingsValue(props.entry.servings))
  }
  const wanted = servingsOf(servings)
  const valid = isPlanDate(date) && wanted !== undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!props.entry || !valid) return
    props.onSave(props.entry, { date, entryType, servings: wanted })
    props.onClose()
  }

  return (
    <DialogShell
      opened={props.entry !== null}
      onClose={props.onClose}
      title={t('mealplans.edit.title', { name: props.name })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label={t('mealplans.add.date')}
              required
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
              miw={150}
              data-autofocus
            />
            <Select
              label={t('mealplans.add.type')}
              data={entryTypeOptions(t)}
              value={entryType}
              allowDeselect={false}
              onChange={(value) => isEntryType(value) && setEntryType(value)}
              comboboxProps={{ withinPortal: true }}
              miw={150}
            />
          </Group>
          {props.entry?.recipeId && <ServingsInput value={servings} onChange={setServings} />}
          <DialogActions onCancel={props.onClose}>
            <Button type="submit" disabled={!valid}>
              {t('mealplans.edit.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogShell>
  )
}
