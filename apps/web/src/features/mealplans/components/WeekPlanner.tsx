import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import { planEntryTypes, type PlanEntryType, type ReadPlanEntry } from '@larder/contracts'
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/List.css'
import { useMediaQuery } from '@mantine/hooks'
import {
  IconCalendarDue,
  IconChevronLeft,
  IconChevronRight,
  IconSettings,
  IconShoppingCart,
  IconWand,
} from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useOfflineWrites } from '@/api/offline'
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
import { slotKeyboardCoordinates, slotOf } from './dnd'
import { entryName, type EntryActions } from './EntryCard'
import { FillWeekDialog } from './FillWeekDialog'
import { isEntryType } from './entry-types'
import { EditEntryDialog, type EntryEdit } from './EditEntryDialog'
import { DayList, WeekGrid, type PlannerMode } from './WeekLayouts'

const ShopForDaysDialog = lazy(() =>
  import('@/features/shopping').then((module) => ({ default: module.ShopForDaysDialog })),
)

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
  // Offline the plan is the one kept on the device (features/mealplans/offline.ts), shown read-only: its edits are
  // not queued as a shopping list's are, and an edit that could only wait unseen would be lost with the page.
  const { online } = useOfflineWrites()
  const mode: PlannerMode = online ? props.mode : 'view'

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
    <Stack gap="xs">
      {!online && (
        <Text role="status" c="dimmed" size="sm" data-testid="planner-offline">
          {t('mealplans.offline')}
        </Text>
      )}
      <Week
        key={start}
        mode={mode}
        offline={!online}
        groupSlug={props.groupSlug}
        start={start}
        today={today}
        onPrevious={() => goTo(addDays(start, -7))}
        onNext={() => goTo(addDays(start, 7))}
        onToday={() => goTo(null)}
      />
    </Stack>
  )
}

function Week(props: {
  mode: PlannerMode
  /** No network: what needs the server (shop for these days) waits until there is one. */
  offline: boolean
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
  const [editing, setEditing] = useState<ReadPlanEntry | null>(null)
  const [filling, setFilling] = useState(false)
  const [shopping, setShopping] = useState(false)
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
            t('mealplans.edit.moved', {
              name: nameOf(entry),
              type: t(`mealplans.types.${to.entryType}`),
              date: formatPlanDate(to.date, i18n.language),
            }),
          ),
      },
    )
  }

  /** The Edit… dialog's save: a move (servings with it) when the day or meal type changed, else the servings alone. */
  const save = (entry: ReadPlanEntry, edit: EntryEdit) => {
    if (edit.date !== entry.date || edit.entryType !== entry.entryType) return move(entry, edit)
    if (edit.servings === entry.servings) return
    change.mutate(
      { entry, change: { servings: edit.servings } },
      { onSuccess: () => notifySuccess(t('mealplans.edit.saved', { name: nameOf(entry) })) },
    )
  }

  const actions: EntryActions = {
    onEdit: setEditing,
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
        {/* On a phone the week's dates go under the buttons rather than squeezing "Today" to "Toda". */}
        <Group gap="xs" wrap="wrap">
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
            style={{ flexShrink: 0 }}
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
            variant="light"
            leftSection={<IconShoppingCart size={16} />}
            onClick={() => setShopping(true)}
            disabled={props.offline}
          >
            {t('mealplans.week.shop')}
          </Button>
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
      {shopping && (
        <Suspense fallback={null}>
          <ShopForDaysDialog opened start={start} end={end} onClose={() => setShopping(false)} />
        </Suspense>
      )}
      {mode === 'edit' && (
        <>
          <AddEntryDialog slot={adding} onClose={() => setAdding(null)} />
          <EditEntryDialog
            entry={editing}
            name={editing ? nameOf(editing) : ''}
            onSave={save}
            onClose={() => setEditing(null)}
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
