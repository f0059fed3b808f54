import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconGripVertical, IconSection, IconTrash } from '@tabler/icons-react'
import { memo, useMemo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'

export interface RowControls {
  /** The drag handle: pointer drag, or Space then arrows then Space from the keyboard. */
  handle: ReactNode
  /** Move up, move down and delete buttons (the way to reorder on a phone without dragging). */
  buttons: ReactNode
}

/**
 * A vertical list whose rows can be dragged by a handle (pointer or keyboard, via dnd-kit) or moved with buttons.
 * `ids` are the rows' stable identities, in order; `onMove(from, to)` reorders the underlying list.
 */
export function SortableList(props: {
  ids: string[]
  /** What a row is called in announcements and button labels, e.g. "ingredient 3". */
  describe: (index: number) => string
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
  /** Offered on rows that do not start a section yet (`startsSection(index)` false). */
  onStartSection: (index: number) => void
  startsSection: (index: number) => boolean
  children: (index: number, controls: RowControls) => ReactNode
}) {
  const { t } = useStrings('recipe-editor')
  const { ids, describe, onMove } = props
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('recipeEditor.dnd.pickedUp', { item: describe(position(active.id) - 1) }),
      onDragOver: ({ over }) => (over ? t('recipeEditor.dnd.over', { position: position(over.id) }) : undefined),
      onDragEnd: ({ over }) => (over ? t('recipeEditor.dnd.dropped', { position: position(over.id) }) : undefined),
      onDragCancel: () => t('recipeEditor.dnd.cancelled'),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- position reads ids, listed here
    [t, describe, ids],
  )

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from !== -1 && to !== -1) onMove(from, to)
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('recipeEditor.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((id, index) => (
          <SortableRow
            key={id}
            id={id}
            index={index}
            count={ids.length}
            label={describe(index)}
            onMove={onMove}
            onRemove={props.onRemove}
            onStartSection={props.startsSection(index) ? null : props.onStartSection}
          >
            {(controls) => props.children(index, controls)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  )
}

function SortableRow(props: {
  id: string
  index: number
  count: number
  label: string
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
  onStartSection: ((index: number) => void) | null
  children: (controls: RowControls) => ReactNode
}) {
  const { t } = useStrings('recipe-editor')
  const { id, index, count, label } = props
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  })
  const style = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative' as const,
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  }
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={t('recipeEditor.dnd.handle', { item: label })}
      aria-roledescription={t('recipeEditor.dnd.sortable')}
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  )
  const buttons = (
    <RowButtons
      index={index}
      count={count}
      label={label}
      onMove={props.onMove}
      onRemove={props.onRemove}
      onStartSection={props.onStartSection}
    />
  )
  return (
    <div ref={setNodeRef} style={style} data-sortable-index={index}>
      {props.children({ handle, buttons })}
    </div>
  )
}

/**
 * Start a section, move up, move down, delete. Memoised (the callbacks are stable): a row re-renders on every
 * keystroke in the form, its buttons and their tooltips need not.
 */
const RowButtons = memo(function RowButtons(props: {
  index: number
  count: number
  label: string
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
  onStartSection: ((index: number) => void) | null
}) {
  const { t } = useStrings('recipe-editor')
  const { index, count, label, onStartSection } = props
  return (
    <Group gap={4} wrap="nowrap">
      {onStartSection && (
        <Tooltip label={t('recipeEditor.startSectionHere')} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onStartSection(index)}
            aria-label={t('recipeEditor.startSectionAt', { item: label })}
          >
            <IconSection size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('recipeEditor.moveUp')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={index === 0}
          onClick={() => props.onMove(index, index - 1)}
          aria-label={t('recipeEditor.moveUpItem', { item: label })}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('recipeEditor.moveDown')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={index === count - 1}
          onClick={() => props.onMove(index, index + 1)}
          aria-label={t('recipeEditor.moveDownItem', { item: label })}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="error"
          onClick={() => props.onRemove(index)}
          aria-label={t('recipeEditor.deleteItem', { item: label })}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
})
