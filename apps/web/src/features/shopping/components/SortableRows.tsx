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
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { IconGripVertical } from '@tabler/icons-react'
import { useMemo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import classes from '@/features/shopping/components/ShoppingRow.module.css'

/**
 * Rows dragged by their handle: with a finger (after a short press, so that scrolling the list does not drag), a
 * mouse, or the keyboard (Space, arrows, Space). `onMove(fromId, toId)` puts the row where the other one was.
 */
export function SortableRows(props: {
  ids: string[]
  describe: (id: string) => string
  onMove: (fromId: string, toId: string) => void
  children: (id: string, handle: ReactNode) => ReactNode
}) {
  const { t } = useStrings('shopping')
  const { ids, describe } = props
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => t('shopping.dnd.pickedUp', { item: describe(String(active.id)) }),
      onDragOver: ({ over }) =>
        over ? t('shopping.dnd.over', { position: ids.indexOf(String(over.id)) + 1 }) : undefined,
      onDragEnd: ({ over }) =>
        over ? t('shopping.dnd.dropped', { position: ids.indexOf(String(over.id)) + 1 }) : undefined,
      onDragCancel: () => t('shopping.dnd.cancelled'),
    }),
    [t, describe, ids],
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onMove(String(active.id), String(over.id))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('shopping.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((id) => (
          <SortableRow key={id} id={id} label={describe(id)}>
            {(handle) => props.children(id, handle)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  )
}

function SortableRow(props: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useStrings('shopping')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  })
  // A plain button, as the shopping line's own (ShoppingRow.module.css): one per row of a long list.
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className={`${classes.iconButton} ${classes.handle} mantine-focus-auto`}
      {...attributes}
      {...listeners}
      aria-label={t('shopping.dnd.handle', { item: props.label })}
      aria-roledescription={t('shopping.dnd.sortable')}
    >
      <IconGripVertical size={18} aria-hidden="true" />
    </button>
  )
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : undefined,
      }}
    >
      {props.children(handle)}
    </div>
  )
}
