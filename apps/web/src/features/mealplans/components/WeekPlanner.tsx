import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { planEntryTypes, type PlanEntryType, type ReadPlanEntry } from '@larder/contracts'
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/List.css'
import { useMediaQuery } from '@mantine/hooks'
import {
  IconCalendarDue,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
  IconSettings,
  IconWand,
} from '@tabler/icons-react'
import { useMemo, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { QueryState } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { paths } from '@/app/paths'
import { breakpoints } from '@/theme/breakpoints'
import { useStrings } from '@/i18n/use-strings'
import { useHouseholdPreferences } from '@/features/households/api/household'
import {
  plannedFields,
  useChangeEntry,
  useCreateEntry,
  useDeleteEntry,
  usePlanRange,
  usePlanSettings,
} from '@/features/mealplans/api/mealplans'
import { addDays, formatPlanDate, isPlanDate, todayIn, weekDays, weekStartOf } from '@/features/mealplans/week'
import { AddEntryDialog, type Slot } from './AddEntryDialog'
import { slotId, slotKeyboardCoordinates, slotOf } from './dnd'
import { EditableEntryCard, EntryCard, entryName, type EntryActions } from './EntryCard'
import { FillWeekDialog } from './FillWeekDialog'
import { isEntryType } from './entry-types'
import { MoveEntryDialog } from './MoveEntryDialog'

export type PlannerMode = 'view' | 'edit'

/** Rows the edit mode always offers, so that a meal can be added or dropped there on an empty week. */
const editRows: readonly PlanEntryType[] = ['breakfast', 'lunch', 'dinner']

/**
 * The meal planner: one week, starting on the household's first day of the week, addressed by `?week=YYYY-MM-DD`
 * (any day of it). From lg up a grid of seven day columns and a row per meal type; below, a list of days. In edit
 * mode meals are added, moved (drag, keyboard drag, or Move…), locked and deleted (with Undo).
 */
export function WeekPlanner(props: { mode: PlannerMode; groupSlug: string }) {
  const { t } = useStrings('mealplans')
  const preferences = useHouseholdPreferences()
  const settings = usePlanSettings()
  const [search, setSearch] = useSearchParams()
  const today = todayIn(settings.data?.timeZone)
  const asked = search.get('week')

  if (preferences.isPending) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Loader size="sm" />
      </Center>
    )
  }
  // Without the preferences (the client has said why) weeks start on Sunday, as Mealie's do by default.
  const firstDayOfWeek = preferences.data?.firstDayOfWeek ?? 0
  const start = weekStartOf(isPlanDate(asked) ? asked : today, firstDayOfWeek)

  // Each week is an entry of the history: Back returns to the week before.
  const goTo = (week: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (week === null) next.delete('week')
      else next.set('week', week)
      return next
    })

  return (
    <Week
      key={start}
      mode={props.mode}
      groupSlug={props.groupSlug}
      start={start}
      today={today}
      onPrevious={() => goTo(addDays(start, -7))}
      onNext={() => goTo(addDays(start, 7))}
      onToday={() => goTo(null)}
    />
  )
}

function Week(props: {
  mode: PlannerMode
  groupSlug: string
  start: string
  today: string
  onPrevious: () => void
  onNext: () => void
  onToday: () => void
}) {
  const { t, i18n } = useStrings('mealplans')
  const { start, mode } = props
  const end = addDays(start, 6)
  const days = weekDays(start)
  const entries = usePlanRange(start, end)
  const wide = useMediaQuery(`(min-width: ${breakpoints.lg})`, false, { getInitialValueInEffect: false })
  const [adding, setAdding] = useState<Slot | null>(null)
  const [moving, setMoving] = useState<ReadPlanEntry | null>(null)
  const [filling, setFilling] = useState(false)
  const change = useChangeEntry()
  const remove = useDeleteEntry()
  const create = useCreateEntry()
  const untitled = t('mealplans.entry.untitled')
  const nameOf = (entry: ReadPlanEntry) => entryName(entry, untitled)
  const slotLabel = (date: string, type: string) =>
    t('mealplans.dnd.slot', {
      type: isEntryType(type) ? t(`mealplans.types.${type}`) : type,
      date: formatPlanDate(date, i18n.language, 'long'),
    })

  const range = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`))
  const inThisWeek = props.today >= start && props.today <= end

  const move = (entry: ReadPlanEntry, to: { date: string; entryType: PlanEntryType }) => {
    if (entry.date === to.date && entry.entryType === to.entryType) return
    change.mutate(
      { entry, change: to },
      {
        onSuccess: () =>
          notifySuccess(
            t('mealplans.move.moved', {
              name: nameOf(entry),
              type: t(`mealplans.types.${to.entryType}`),
              date: formatPlanDate(to.date, i18n.language),
            }),
          ),
      },
    )
  }

  const actions: EntryActions = {
    onMove: setMoving,
    onToggleLock: (entry) => change.mutate({ entry, change: { locked: !entry.locked } }),
    onDelete: (entry) =>
      remove.mutate(entry, {
        onSuccess: (deleted) => {
          const name = nameOf(entry)
          notifySuccess(t('mealplans.entry.deleted', { name }), {
            label: t('mealplans.entry.undo'),
            onClick: () =>
              create.mutate(plannedFields(deleted), {
                onSuccess: () => notifySuccess(t('mealplans.entry.restored', { name })),
              }),
          })
        },
      }),
  }

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: slotKeyboardCoordinates }),
  )
  const entryOf = (id: string | number) =>
    entries.data?.items.find((entry) => `entry-${entry.id}` === String(id)) ?? null
  const slotName = (id: string | number) => {
    const slot = slotOf(id)
    return slot ? slotLabel(slot.date, slot.entryType) : ''
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const entry = entryOf(active.id)
      return entry ? t('mealplans.dnd.pickedUp', { name: nameOf(entry) }) : undefined
    },
    onDragOver: ({ over }) => (over ? t('mealplans.dnd.over', { slot: slotName(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => {
      const entry = entryOf(active.id)
      return entry && over ? t('mealplans.dnd.dropped', { name: nameOf(entry), slot: slotName(over.id) }) : undefined
    },
    onDragCancel: ({ active }) => {
      const entry = entryOf(active.id)
      return entry ? t('mealplans.dnd.cancelled', { name: nameOf(entry) }) : undefined
    },
  }
  const dragEnd = ({ active, over }: DragEndEvent) => {
    const entry = entryOf(active.id)
    const slot = over ? slotOf(over.id) : null
    if (entry && slot && isEntryType(slot.entryType)) move(entry, { date: slot.date, entryType: slot.entryType })
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('mealplans.week.previous')} withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('mealplans.week.previous')}
              onClick={props.onPrevious}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="default"
            leftSection={<IconCalendarDue size={16} />}
            onClick={props.onToday}
            disabled={inThisWeek}
          >
            {t('mealplans.week.today')}
          </Button>
          <Tooltip label={t('mealplans.week.next')} withArrow>
            <ActionIcon variant="default" size="lg" aria-label={t('mealplans.week.next')} onClick={props.onNext}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Title order={2} fz="lg" data-testid="week-range" aria-live="polite">
            {range}
          </Title>
        </Group>
        <Group gap="xs">
          {mode === 'edit' && (
            <Button leftSection={<IconWand size={16} />} onClick={() => setFilling(true)}>
              {t('mealplans.fill.button')}
            </Button>
          )}
          <Button
            component={Link}
            to={paths.mealPlanSettings}
            variant="subtle"
            leftSection={<IconSettings size={16} />}
          >
            {t('mealplans.week.settings')}
          </Button>
        </Group>
      </Group>
      <QueryState query={entries}>
        {(page) => {
          const planned = page.items
          if (mode === 'view' && planned.length === 0) {
            return (
              <Paper withBorder radius="lg" p="xl" data-testid="week-empty">
                <Stack align="center" gap="sm">
                  <Text c="dimmed">{t('mealplans.week.nothingPlanned')}</Text>
                  <Button component={Link} to={`${paths.mealPlannerEdit}?week=${start}`} variant="light">
                    {t('mealplans.week.planIt')}
                  </Button>
                </Stack>
              </Paper>
            )
          }
          const present = new Set(planned.map((entry) => entry.entryType))
          const rows = planEntryTypes.filter(
            (type) => present.has(type) || (mode === 'edit' && editRows.includes(type)),
          )
          const layout = {
            days,
            rows,
            entries: planned,
            today: props.today,
            mode,
            groupSlug: props.groupSlug,
            actions,
            onAdd: (date: string, entryType: PlanEntryType) => setAdding({ date, entryType }),
          }
          return (
            <Stack gap="sm">
              {mode === 'edit' && (
                <Text size="sm" c="dimmed">
                  {t('mealplans.week.editHint')}
                </Text>
              )}
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={dragEnd}
                accessibility={{
                  announcements,
                  screenReaderInstructions: { draggable: t('mealplans.dnd.instructions') },
                }}
              >
                {wide ? <WeekGrid {...layout} /> : <DayList {...layout} />}
              </DndContext>
            </Stack>
          )
        }}
      </QueryState>
      {mode === 'edit' && (
        <>
          <AddEntryDialog slot={adding} onClose={() => setAdding(null)} />
          <MoveEntryDialog
            entry={moving}
            name={moving ? nameOf(moving) : ''}
            onMove={move}
            onClose={() => setMoving(null)}
          />
          <FillWeekDialog
            opened={filling}
            start={start}
            end={end}
            weekLabel={range}
            onClose={() => setFilling(false)}
          />
        </>
      )}
    </Stack>
  )
}

interface LayoutProps {
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
            <EditableEntryCard key={entry.id} entry={entry} groupSlug={layout.groupSlug} actions={layout.actions} />
          ) : (
            <EntryCard key={entry.id} entry={entry} groupSlug={layout.groupSlug} />
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
    <Group gap={6} wrap="nowrap" aria-current={isToday ? 'date' : undefined} data-today={isToday || undefined}>
      {props.children}
      {isToday && (
        <Badge size="sm" variant="filled">
          {t('mealplans.week.todayBadge')}
        </Badge>
      )}
    </Group>
  )
}

/** lg and up: seven day columns, a row per meal type. */
function WeekGrid(layout: LayoutProps) {
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
function DayList(layout: LayoutProps) {
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
              <Group justify="space-between" wrap="nowrap">
                <DayHeading date={date} today={layout.today}>
                  <Title order={3} fz="md">
                    {formatPlanDate(date, i18n.language, 'long')}
                  </Title>
                </DayHeading>
                {layout.mode === 'edit' && (
                  <Button
                    size="compact-sm"
                    variant="light"
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
