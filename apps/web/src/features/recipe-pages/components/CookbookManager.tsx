import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { ReadCookBook } from '@larder/contracts'
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconBooks, IconGripVertical, IconPencil, IconPlus, IconTrash, IconWorld } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { DeleteDialog } from '@/components/data-table/DeleteDialog'
import { QueryState } from '@/components/QueryState'
import { useStrings } from '@/i18n/use-strings'
import { paths } from '@/app/paths'
import { useCookbooks, useDeleteCookbook, useReorderCookbooks } from '@/features/recipe-pages/api/cookbooks'
import { CookbookDialog } from '@/features/recipe-pages/components/CookbookDialog'

function CookbookCard(props: {
  book: ReadCookBook
  index: number
  groupSlug: string
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useStrings('recipe-pages')
  const { book } = props
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: book.id })
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="lg"
      p="sm"
      component="li"
      data-testid="cookbook-card"
      data-sortable-index={props.index}
      style={{
        transform: CSS.Transform.toString(transform),
        transition: transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        listStyle: 'none',
      }}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('cookbooks.move', { name: book.name })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <ThemeIcon variant="light" radius="md" size="lg" visibleFrom="xs">
          <IconBooks size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap" align="center">
            <Anchor
              component={Link}
              to={paths.groupCookbook(props.groupSlug, book.slug)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {book.name}
            </Anchor>
            {book.public && (
              <Badge size="sm" variant="light" leftSection={<IconWorld size={12} />}>
                {t('cookbooks.publicBadge')}
              </Badge>
            )}
          </Group>
          {book.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {book.description}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('cookbooks.edit', { name: book.name })} onClick={props.onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="error"
            aria-label={t('cookbooks.delete', { name: book.name })}
            onClick={props.onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  )
}

/**
 * The household's cookbooks in their order: each opens its recipes; drag (or, with the handle focused, Space and the
 * arrow keys) to re-order, saved with the bulk PUT of positions; create, edit and delete.
 */
export function CookbookManager(props: { groupSlug: string }) {
  const { t } = useStrings('recipe-pages')
  const list = useCookbooks()
  const reorder = useReorderCookbooks()
  const remover = useDeleteCookbook()
  const [editing, setEditing] = useState<ReadCookBook | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<ReadCookBook[] | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const books = list.data?.items ?? []
  const nextPosition = books.reduce((max, book) => Math.max(max, book.position), 0) + 1

  function dragEnd(event: DragEndEvent) {
    const { active, over } = event
    if (!over || active.id === over.id) return
    const from = books.findIndex((book) => book.id === active.id)
    const to = books.findIndex((book) => book.id === over.id)
    if (from < 0 || to < 0) return
    reorder.mutate(arrayMove(books, from, to))
  }

  const create = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      {t('cookbooks.create')}
    </Button>
  )

  return (
    <>
      <QueryState query={list}>
        {(page) =>
          page.items.length === 0 ? (
            <Paper withBorder radius="lg" p="xl" data-testid="cookbooks-empty">
              <Stack align="center" gap="sm" ta="center">
                <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                  <IconBooks size={30} stroke={1.4} />
                </ThemeIcon>
                <Text fw={600}>{t('cookbooks.none')}</Text>
                <Text size="sm" c="dimmed" maw={420}>
                  {t('cookbooks.noneHint')}
                </Text>
                {create}
              </Stack>
            </Paper>
          ) : (
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" c="dimmed">
                  {t('cookbooks.reorderHint')}
                </Text>
                {create}
              </Group>
              <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
                <SortableContext items={books.map((book) => book.id)} strategy={verticalListSortingStrategy}>
                  <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('cookbooks.listLabel')}>
                    {books.map((book, index) => (
                      <CookbookCard
                        key={book.id}
                        index={index}
                        book={book}
                        groupSlug={props.groupSlug}
                        onEdit={() => setEditing(book)}
                        onDelete={() => setDeleting([book])}
                      />
                    ))}
                  </Stack>
                </SortableContext>
              </DndContext>
            </Stack>
          )
        }
      </QueryState>
      <CookbookDialog book={editing} nextPosition={nextPosition} onClose={() => setEditing(undefined)} />
      <DeleteDialog
        items={deleting}
        nameOf={(book) => book.name}
        title={t('cookbooks.deleteTitle')}
        message={deleting?.[0] ? t('cookbooks.deleteMessage', { name: deleting[0].name }) : undefined}
        deleteItem={remover.deleteOne}
        onClose={() => setDeleting(null)}
        onDeleted={() => void remover.refresh()}
      />
    </>
  )
}
