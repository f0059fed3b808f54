import { planEntryTypes, type FillPlanResult, type PlanEntryType } from '@larder/contracts'
import { Alert, Button, List, MultiSelect, Stack, Switch, Text } from '@mantine/core'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import { useState, type FormEvent } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'
import { useFillPlan } from '@/features/mealplans/api/mealplans'
import { formatPlanDate } from '@/features/mealplans/week'
import { entryTypeOptions } from './entry-types'

/**
 * "Fill the week": plans a recipe by the rules in every empty slot of the chosen meal types (replacing meals that
 * are not locked, if asked), then lists the slots that stayed empty with the server's reason for each.
 */
export function FillWeekDialog(props: {
  opened: boolean
  start: string
  end: string
  weekLabel: string
  onClose: () => void
}) {
  const { t, i18n } = useStrings('mealplans')
  const [types, setTypes] = useState<PlanEntryType[]>(['dinner'])
  const [replaceUnlocked, setReplaceUnlocked] = useState(false)
  const [result, setResult] = useState<FillPlanResult | null>(null)
  const fill = useFillPlan()

  const close = () => {
    setResult(null)
    fill.reset()
    props.onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (types.length === 0) return
    fill.mutate(
      { startDate: props.start, endDate: props.end, entryTypes: types, replaceUnlocked },
      { onSuccess: setResult },
    )
  }

  return (
    <DialogShell opened={props.opened} onClose={close} title={t('mealplans.fill.title')} busy={fill.isPending}>
      {result ? (
        <Stack gap="md" data-testid="fill-result">
          <Text size="sm" role="status">
            {t('mealplans.fill.created', { count: result.created.length })}
          </Text>
          {result.empty.length === 0 ? (
            <Text size="sm">{t('mealplans.fill.allFilled')}</Text>
          ) : (
            <Alert color="warning" variant="light" title={t('mealplans.fill.emptySlots')}>
              <List size="sm" spacing={4}>
                {result.empty.map((slot) => (
                  <List.Item key={`${slot.date}-${slot.entryType}`}>
                    <Text span size="sm" fw={600}>
                      {t('mealplans.fill.emptySlot', {
                        type: t(`mealplans.types.${slot.entryType}`),
                        date: formatPlanDate(slot.date, i18n.language),
                      })}
                    </Text>
                    {`: ${slot.reason}`}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <DialogActions onCancel={close} cancelLabel={t('mealplans.fill.done')} />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('mealplans.fill.intro', { week: props.weekLabel })}</Text>
            <MultiSelect
              label={t('mealplans.fill.types')}
              data={entryTypeOptions(t)}
              value={types}
              onChange={(value) => setTypes(planEntryTypes.filter((type) => value.includes(type)))}
              error={types.length === 0 ? t('mealplans.fill.typesRequired') : undefined}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            <Switch
              label={t('mealplans.fill.replace')}
              checked={replaceUnlocked}
              onChange={(event) => setReplaceUnlocked(event.currentTarget.checked)}
            />
            <DialogActions onCancel={close} cancelDisabled={fill.isPending}>
              <Button type="submit" loading={fill.isPending} disabled={types.length === 0}>
                {t('mealplans.fill.submit')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </DialogShell>
  )
}
