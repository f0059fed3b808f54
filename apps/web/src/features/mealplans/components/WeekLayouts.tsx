import { useDroppable } from '@dnd-kit/core'
import type { PlanEntryType, ReadPlanEntry } from '@larder/contracts'
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useMemo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { formatPlanDate } from '@/features/mealplans/week'
import { slotId } from './dnd'
import { EditableEntryCard, EntryCard, type EntryActions } from './EntryCard'

export type PlannerMode = 'view' | 'edit'

/** What both layouts of the week draw: its days, its meal-type rows and its meals, and what editing does. */
export interface LayoutProps {
  days: string[]
  rows: PlanEntryType[]
  entries: ReadPlanEntry[]
  today: string
  mode: PlannerMode
  groupSlug: string
  actions: EntryActions
  onAdd: (date: string, entryType: PlanEntryType) => void
}

function useSlotEntries(entries: ReadPlanEntry[]) {
  return useMemo(() => {
    const bySlot = new Map<string, ReadPlanEntry[]>()
    for (const entry of entries) {
      const key = slotId(entry.date, entry.entryType)
      bySlot.set(key, [...(bySlot.get(key) ?? []), entry])
    }
    return (date: string, type: string) => bySlot.get(slotId(date, type)) ?? []
  }, [entries])
}

/** One day × meal type: its meals, a drop target in edit mode, and there a button to add a meal. */
function SlotCell(props: {
  date: string
  type: PlanEntryType
  column: number
  row: number
  entries: ReadPlanEntry[]
  layout: LayoutProps
  /** The day, written out ("Wednesday, January 9, 2030"). */
  dayName: string
  /** The grid has a + in every slot; the day list one "Add a meal" per day. */
  withAdd: boolean
}) {
  const { t } = useStrings('mealplans')
  const { layout } = props
  const editing = layout.mode === 'edit'
  const { setNodeRef, isOver } = useDroppable({ id: slotId(props.date, props.type), disabled: !editing })
  return (
    <Box
      ref={setNodeRef}
      data-slot-column={props.column}
      data-slot-row={props.row}
      data-testid={`slot-${props.date}-${props.type}`}
      aria-label={t('mealplans.dnd.slot', { type: t(`mealplans.types.${props.type}`), date: props.dayName })}
      role="group"
      p={4}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        minHeight: editing ? 48 : undefined,
        background: isOver ? 'var(--mantine-primary-color-light)' : undefined,
        outline: isOver ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Stack gap={4}>
        {props.entries.map((entry) =>
          editing ? (
            <EditableEntryCard
              key={entry.id}
              entry={entry}
              groupSlug={layout.groupSlug}
              actions={layout.actions}
              narrow={props.withAdd}
            />
          ) : (
            <EntryCard key={entry.id} entry={entry} groupSlug={layout.groupSlug} narrow={props.withAdd} />
          ),
        )}
        {editing && props.withAdd && (
          <Tooltip label={props.dayName} withArrow openDelay={400}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('mealplans.add.slot', {
                type: t(`mealplans.types.${props.type}`),
                date: props.dayName,
              })}
              onClick={() => layout.onAdd(props.date, props.type)}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Stack>
    </Box>
  )
}

function DayHeading(props: { date: string; today: string; children: ReactNode }) {
  const { t } = useStrings('mealplans')
  const isToday = props.date === props.today
  return (
    // The badge goes under the date where the column is narrow, rather than being cut to "T…".
    <Group gap={6} wrap="wrap" aria-current={isToday ? 'date' : undefined} data-today={isToday || undefined}>
      {props.children}
      {isToday && (
        <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>
          {t('mealplans.week.todayBadge')}
        </Badge>
      )}
    </Group>
  )
}

/** lg and up: seven day columns, a row per meal type. */
export function WeekGrid(layout: LayoutProps) {
  const { t, i18n } = useStrings('mealplans')
  const inSlot = useSlotEntries(layout.entries)
  return (
    <Box
      data-testid="week-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(5.5rem, auto) repeat(7, minmax(0, 1fr))',
        gap: 'var(--mantine-spacing-xs)',
      }}
    >
      <div />
      {layout.days.map((date) => (
        <Paper
          key={date}
          p="xs"
          radius="md"
          withBorder={date === layout.today}
          bg={date === layout.today ? 'var(--mantine-primary-color-light)' : undefined}
          data-testid="day-heading"
        >
          <DayHeading date={date} today={layout.today}>
            <Text fw={600} size="sm">
              {formatPlanDate(date, i18n.language)}
            </Text>
          </DayHeading>
        </Paper>
      ))}
      {layout.rows.map((type, row) => (
        <RowOfType
          key={type}
          type={type}
          row={row}
          layout={layout}
          inSlot={inSlot}
          label={t(`mealplans.types.${type}`)}
        />
      ))}
    </Box>
  )
}

function RowOfType(props: {
  type: PlanEntryType
  row: number
  layout: LayoutProps
  inSlot: (date: string, type: string) => ReadPlanEntry[]
  label: string
}) {
  const { i18n } = useStrings('mealplans')
  return (
    <>
      <Text fw={600} size="sm" pt={8}>
        {props.label}
      </Text>
      {props.layout.days.map((date, column) => (
        <SlotCell
          key={date}
          date={date}
          type={props.type}
          column={column}
          row={props.row}
          entries={props.inSlot(date, props.type)}
          layout={props.layout}
          dayName={formatPlanDate(date, i18n.language, 'long')}
          withAdd
        />
      ))}
    </>
  )
}

/** Below lg: the days one under the other, each with its meals by type. */
export function DayList(layout: LayoutProps) {
  const { t, i18n } = useStrings('mealplans')
  const inSlot = useSlotEntries(layout.entries)
  return (
    <Stack gap="sm" data-testid="day-list" aria-label={t('mealplans.week.dayList')} role="list">
      {layout.days.map((date, column) => {
        const types = layout.rows.filter((type) => inSlot(date, type).length > 0)
        return (
          <Paper
            key={date}
            withBorder
            radius="lg"
            p="sm"
            role="listitem"
            data-testid="day-heading"
            style={date === layout.today ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <DayHeading date={date} today={layout.today}>
                  <Title order={3} fz="md">
                    {formatPlanDate(date, i18n.language, 'day')}
                  </Title>
                </DayHeading>
                {layout.mode === 'edit' && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconPlus size={14} />}
                    aria-label={t('mealplans.add.slot', {
                      type: t('mealplans.types.dinner'),
                      date: formatPlanDate(date, i18n.language, 'long'),
                    })}
                    onClick={() => layout.onAdd(date, 'dinner')}
                  >
                    {t('mealplans.add.button')}
                  </Button>
                )}
              </Group>
              {types.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('mealplans.week.nothingThisDay')}
                </Text>
              ) : (
                types.map((type) => (
                  <Stack key={type} gap={2}>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                      {t(`mealplans.types.${type}`)}
                    </Text>
                    <SlotCell
                      date={date}
                      type={type}
                      column={column}
                      row={layout.rows.indexOf(type)}
                      entries={inSlot(date, type)}
                      layout={layout}
                      dayName={formatPlanDate(date, i18n.language, 'long')}
                      withAdd={false}
                    />
                  </Stack>
                ))
              )}
            </Stack>
          </Paper>
        )
      })}
    </Stack>
  )
}
