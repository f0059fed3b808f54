import {
  planEntryTypes,
  planRuleDays,
  type MealPlanSettings,
  type PlanEntryType,
  type PlanRulesOut,
} from '@larder/contracts'
import {
  ActionIcon,
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react'
import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { ConfirmButton } from '@/components/ConfirmButton'
import { CopyField } from '@/components/CopyField'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import {
  useDeleteRule,
  usePlanCalendar,
  usePlanRules,
  usePlanSettings,
  useResetCalendar,
  useSaveSettings,
} from '@/features/mealplans/api/mealplans'
import { formatRuleDay } from '@/features/mealplans/week'
import { RuleDialog } from './RuleDialog'

/** `/household/mealplan/settings`: the rules, the planning settings and the calendar feed. */
export function MealPlanSettingsPanels() {
  return (
    <Stack gap="xl">
      <RulesSection />
      <PlanningSection />
      <CalendarSection />
    </Stack>
  )
}

function Section(props: { title: string; intro?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          {props.title}
        </Title>
        {props.actions}
      </Group>
      {props.intro && (
        <Text size="sm" c="dimmed" maw={720}>
          {props.intro}
        </Text>
      )}
      {props.children}
    </Stack>
  )
}

/** Where a rule applies, in words: its days, its meal types and its limits. */
function useRuleSummary() {
  const { t, i18n } = useStrings('mealplans')
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' })
  return (rule: PlanRulesOut) => {
    const days = rule.days.length ? rule.days : rule.day !== 'unset' ? [rule.day] : []
    const types = rule.entryTypes.length ? rule.entryTypes : rule.entryType !== 'unset' ? [rule.entryType] : []
    const parts = [
      days.length
        ? list.format(planRuleDays.filter((day) => days.includes(day)).map((day) => formatRuleDay(day, i18n.language)))
        : t('mealplans.settings.anyDay'),
      types.length
        ? list.format(planEntryTypes.filter((type) => types.includes(type)).map((type) => t(`mealplans.types.${type}`)))
        : t('mealplans.settings.anyType'),
    ]
    if (rule.atMostPerWeek != null) parts.push(t('mealplans.settings.atMostShort', { count: rule.atMostPerWeek }))
    if (rule.atLeastPerWeek != null) parts.push(t('mealplans.settings.atLeastShort', { count: rule.atLeastPerWeek }))
    return parts.join(' · ')
  }
}

function RulesSection() {
  const { t } = useStrings('mealplans')
  const rules = usePlanRules()
  const remove = useDeleteRule()
  const summary = useRuleSummary()
  // undefined: closed; null: a new rule.
  const [editing, setEditing] = useState<PlanRulesOut | null | undefined>(undefined)
  return (
    <Section
      title={t('mealplans.settings.rules')}
      intro={t('mealplans.settings.rulesIntro')}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          {t('mealplans.settings.newRule')}
        </Button>
      }
    >
      <QueryState query={rules}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyNote>{t('mealplans.settings.noRules')}</EmptyNote>
          ) : (
            <Stack gap="xs" role="list" aria-label={t('mealplans.settings.rules')}>
              {page.items.map((rule) => {
                const name = rule.name || t('mealplans.settings.unnamedRule')
                return (
                  <Paper key={rule.id} withBorder radius="md" p="sm" role="listitem" data-testid="plan-rule">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Text fw={600}>{name}</Text>
                        <Text size="sm">{summary(rule)}</Text>
                        <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {rule.queryFilterString || t('mealplans.settings.everyRecipe')}
                        </Code>
                      </Stack>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('mealplans.settings.editRule')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('mealplans.settings.editRule')}: ${name}`}
                            onClick={() => setEditing(rule)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <ConfirmButton
                          variant="subtle"
                          size="compact-sm"
                          aria-label={`${t('mealplans.settings.deleteRule')}: ${name}`}
                          title={t('mealplans.settings.deleteRuleTitle')}
                          message={t('mealplans.settings.deleteRuleMessage', { name })}
                          confirmLabel={t('mealplans.settings.deleteRule')}
                          onConfirm={async () => {
                            await remove.mutateAsync(rule.id)
                            notifySuccess(t('mealplans.settings.ruleDeleted'))
                          }}
                        >
                          <IconTrash size={16} />
                        </ConfirmButton>
                      </Group>
                    </Group>
                  </Paper>
                )
              })}
            </Stack>
          )
        }
      </QueryState>
      <RuleDialog rule={editing} onClose={() => setEditing(undefined)} />
    </Section>
  )
}

/** Every IANA zone the browser knows, with the household's own even if the browser lacks it. */
function useTimeZones(current: string | undefined) {
  return useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
    const all = new Set(['UTC', ...zones])
    if (current) all.add(current)
    return [...all].sort()
  }, [current])
}

function PlanningSection() {
  const { t } = useStrings('mealplans')
  const settings = usePlanSettings()
  return (
    <Section title={t('mealplans.settings.general')}>
      <QueryState query={settings}>{(saved) => <PlanningForm key={JSON.stringify(saved)} saved={saved} />}</QueryState>
    </Section>
  )
}

function PlanningForm(props: { saved: MealPlanSettings }) {
  const { t } = useStrings('mealplans')
  const [noRepeatDays, setNoRepeatDays] = useState<number | ''>(props.saved.noRepeatDays)
  const [timeZone, setTimeZone] = useState(props.saved.timeZone)
  const [mealTimes, setMealTimes] = useState(props.saved.mealTimes)
  const zones = useTimeZones(props.saved.timeZone)
  const save = useSaveSettings()
  const timesValid = planEntryTypes.every((type) => /^([01]\d|2[0-3]):[0-5]\d$/.test(mealTimes[type]))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (noRepeatDays === '' || !timesValid) return
    save.mutate(
      { noRepeatDays, timeZone, mealTimes },
      { onSuccess: () => notifySuccess(t('mealplans.settings.saved')) },
    )
  }

  return (
    <Paper withBorder radius="lg" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('mealplans.settings.noRepeat')}
              description={t('mealplans.settings.noRepeatHint')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              value={noRepeatDays}
              onChange={(value) => setNoRepeatDays(typeof value === 'number' ? value : '')}
            />
            <Select
              label={t('mealplans.settings.timeZone')}
              description={t('mealplans.settings.timeZoneHint')}
              data={zones}
              value={timeZone}
              onChange={(value) => value && setTimeZone(value)}
              searchable
              allowDeselect={false}
              limit={50}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('mealplans.settings.mealTimes')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('mealplans.settings.mealTimesHint')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {planEntryTypes.map((type: PlanEntryType) => (
                <TextInput
                  key={type}
                  type="time"
                  label={t(`mealplans.types.${type}`)}
                  value={mealTimes[type]}
                  onChange={(event) => {
                    const value = event.currentTarget.value
                    setMealTimes((current) => ({ ...current, [type]: value }))
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={noRepeatDays === '' || !timesValid}>
              {t('mealplans.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function CalendarSection() {
  const { t } = useStrings('mealplans')
  const calendar = usePlanCalendar()
  const reset = useResetCalendar()
  return (
    <Section title={t('mealplans.settings.calendar')} intro={t('mealplans.settings.calendarIntro')}>
      <QueryState query={calendar}>
        {(feed) => (
          <Paper withBorder radius="lg" p="md">
            <Stack gap="sm">
              <CopyField label={t('mealplans.settings.calendarAddress')} value={feed.url} data-testid="calendar-url" />
              <Group justify="flex-end">
                <ConfirmButton
                  leftSection={<IconRefresh size={16} />}
                  title={t('mealplans.settings.resetTitle')}
                  message={t('mealplans.settings.resetMessage')}
                  confirmLabel={t('mealplans.settings.resetConfirm')}
                  onConfirm={async () => {
                    await reset.mutateAsync()
                    notifySuccess(t('mealplans.settings.resetDone'))
                  }}
                >
                  {t('mealplans.settings.resetAddress')}
                </ConfirmButton>
              </Group>
            </Stack>
          </Paper>
        )}
      </QueryState>
    </Section>
  )
}
