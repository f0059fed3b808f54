import type { PlanEntryType, ReadPlanEntry } from '@larder/contracts'
import { Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'
import { isPlanDate } from '@/features/mealplans/week'
import { entryTypeOptions, isEntryType } from './entry-types'

/** The accessible alternative to dragging: a meal's new day and meal type, picked in a form. */
export function MoveEntryDialog(props: {
  entry: ReadPlanEntry | null
  name: string
  onMove: (entry: ReadPlanEntry, to: { date: string; entryType: PlanEntryType }) => void
  onClose: () => void
}) {
  const { t } = useStrings('mealplans')
  const [openedFor, setOpenedFor] = useState<ReadPlanEntry | null>(null)
  const [date, setDate] = useState('')
  const [entryType, setEntryType] = useState<PlanEntryType>('dinner')
  if (props.entry && openedFor !== props.entry) {
    setOpenedFor(props.entry)
    setDate(props.entry.date)
    setEntryType(props.entry.entryType)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!props.entry || !isPlanDate(date)) return
    props.onMove(props.entry, { date, entryType })
    props.onClose()
  }

  return (
    <DialogShell
      opened={props.entry !== null}
      onClose={props.onClose}
      title={t('mealplans.move.title', { name: props.name })}
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
          <DialogActions onCancel={props.onClose}>
            <Button type="submit" disabled={!isPlanDate(date)}>
              {t('mealplans.move.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogShell>
  )
}
