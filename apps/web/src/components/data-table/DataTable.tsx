import {
  ActionIcon,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import {
  IconArrowsSort,
  IconPencil,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import type { Paginated } from '@/components/paginated'
import { EmptyNote, QueryState, type QueryLike } from '@/components/QueryState'
import { breakpointPixels } from '@/theme/breakpoints'
import { DeleteDialog } from './DeleteDialog'
import type { DataTableState } from './use-data-table-state'
import '@/components/styles'

export interface DataColumn<Item> {
  id: string
  label: string
  /** The list endpoint's `orderBy` for this column; without it the column does not sort. */
  sortBy?: string
  render: (item: Item) => ReactNode
  /** The table hides the column below this breakpoint (the phone card list shows every column). */
  visibleFrom?: 'md' | 'lg'
  width?: number | string
}

/** The table layout from `sm` (600 px) up; phones get a card per row. */
const wideQuery = `(min-width: ${breakpointPixels.sm / 16}em)`

/** A button of every row: `label` is its tooltip, `itemLabel` names the row for screen readers. */
export interface RowAction<Item> {
  label: string
  itemLabel: (item: Item) => string
  icon: ReactNode
  onClick: (item: Item) => void
}

/**
 * The group data pages' one table: search, sortable columns, server-side pages, row selection with a bulk delete,
 * edit and delete per row, and loading, empty and error states. The list query follows `state.params`; the page
 * around it owns the create/edit forms and any extra actions (merge, seed, filters).
 */
export function DataTable<Item extends { id: string }>(props: {
  /** The table's accessible name (the data type: "Foods"). */
  label: string
  columns: DataColumn<Item>[]
  state: DataTableState
  list: QueryLike<Paginated<Item>> & { isFetching?: boolean }
  nameOf: (item: Item) => string
  searchPlaceholder: string
  empty: string
  /** Buttons beside the search box: create, merge, seed. */
  actions?: ReactNode
  /** A line under the search box: filters. */
  filters?: ReactNode
  onEdit?: (item: Item) => void
  /** More buttons of each row, before edit and delete (merge this food into another…). */
  moreRowActions?: RowAction<Item>[]
  /** Deletes one row; the table runs it for a row's delete button and for every selected row. */
  deleteItem?: (item: Item) => Promise<unknown>
  /** After a delete run (one row or many): refresh the lists once. */
  afterDelete?: () => unknown
  /** Buttons of the selection bar besides clear and delete (export, tag…), given the selected rows. */
  selectionActions?: (selection: Item[]) => ReactNode
  /** What deleting does to the rest of the data (recipes lose a tag…), said in the confirmation. */
  deleteNote?: string
  /** Replaces the server list, e.g. with the unused rows only (then search, sort and pages are off). */
  override?: { items: Item[]; empty: string }
  'data-testid'?: string
}) {
  const { t } = useStrings('organize')
  const wide = useMediaQuery(wideQuery, false, { getInitialValueInEffect: false })
  const [selected, setSelected] = useState<Map<string, Item>>(new Map())
  const [deleting, setDeleting] = useState<Item[] | null>(null)
  const { state, columns } = props
  const lastPage = props.list.data?.total_pages
  // Deleting the last rows of the last page leaves the table past its end: go back to the page that is now last.
  useEffect(() => {
    if (lastPage !== undefined && lastPage > 0 && state.page > lastPage) state.setPage(lastPage)
  }, [lastPage, state])
  const selectable = Boolean(props.deleteItem)
  const hasRowActions = Boolean(props.onEdit ?? props.deleteItem ?? props.moreRowActions?.length)

  const toggle = (item: Item, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current)
      if (on) next.set(item.id, item)
      else next.delete(item.id)
      return next
    })
  const toggleAll = (items: Item[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current)
      for (const item of items) {
        if (on) next.set(item.id, item)
        else next.delete(item.id)
      }
      return next
    })

  const sortTo = (column: DataColumn<Item>) => {
    if (!column.sortBy) return
    const same = state.sort.orderBy === column.sortBy
    state.setSort({
      orderBy: column.sortBy,
      orderDirection: same && state.sort.orderDirection === 'asc' ? 'desc' : 'asc',
    })
  }

  const rowActions = (item: Item) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {props.moreRowActions?.map((action) => (
        <Tooltip key={action.label} label={action.label}>
          <ActionIcon variant="subtle" aria-label={action.itemLabel(item)} onClick={() => action.onClick(item)}>
            {action.icon}
          </ActionIcon>
        </Tooltip>
      ))}
      {props.onEdit && (
        <Tooltip label={t('table.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('table.editItem', { name: props.nameOf(item) })}
            onClick={() => props.onEdit?.(item)}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {props.deleteItem && (
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="subtle"
            color="error"
            aria-label={t('table.deleteItem', { name: props.nameOf(item) })}
            onClick={() => setDeleting([item])}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  )

  const selectBox = (item: Item) => (
    <Checkbox
      aria-label={t('table.selectItem', { name: props.nameOf(item) })}
      checked={selected.has(item.id)}
      onChange={(event) => toggle(item, event.currentTarget.checked)}
    />
  )

  const renderTable = (items: Item[], sortable: boolean) => {
    const pageSelected = items.filter((item) => selected.has(item.id)).length
    return (
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={props.label}>
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={44}>
                  <Checkbox
                    aria-label={t('table.selectPage')}
                    checked={pageSelected > 0 && pageSelected === items.length}
                    indeterminate={pageSelected > 0 && pageSelected < items.length}
                    onChange={(event) => toggleAll(items, event.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map((column) => {
                const active = sortable && column.sortBy !== undefined && state.sort.orderBy === column.sortBy
                const direction = state.sort.orderDirection === 'asc' ? 'ascending' : 'descending'
                return (
                  <Table.Th
                    key={column.id}
                    visibleFrom={column.visibleFrom}
                    w={column.width}
                    aria-sort={active ? direction : undefined}
                  >
                    {sortable && column.sortBy ? (
                      <UnstyledButton onClick={() => sortTo(column)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {column.label}
                          <SortIcon active={active} direction={state.sort.orderDirection} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                )
              })}
              {hasRowActions && (
                <Table.Th w={96}>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid={`row-${item.id}`}>
                {selectable && <Table.Td>{selectBox(item)}</Table.Td>}
                {columns.map((column) => (
                  <Table.Td key={column.id} visibleFrom={column.visibleFrom}>
                    {column.render(item)}
                  </Table.Td>
                ))}
                {hasRowActions && <Table.Td>{rowActions(item)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )
  }

  const renderCards = (items: Item[]) => {
    const [first, ...rest] = columns
    return (
      <Stack component="ul" gap="xs" p="xs" m={0} aria-label={props.label} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Paper component="li" key={item.id} withBorder radius="md" p="sm" data-testid={`row-${item.id}`}>
            <Group wrap="nowrap" justify="space-between" gap="sm">
              <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                {selectable && selectBox(item)}
                {first && (
                  <Box fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {first.render(item)}
                  </Box>
                )}
              </Group>
              {hasRowActions && rowActions(item)}
            </Group>
            {rest.length > 0 && (
              <Stack gap={6} mt="xs" pl={selectable ? 32 : 0}>
                {rest.map((column) => (
                  <Group key={column.id} gap="sm" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" w={96} pt={2} style={{ flexShrink: 0 }}>
                      {column.label}
                    </Text>
                    <Box fz="sm" style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                      {column.render(item)}
                    </Box>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
    )
  }

  const sortableColumns = columns.filter((column) => column.sortBy)
  const phoneSort = !wide && !props.override && sortableColumns.length > 0 && (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t('table.sortBy')}
        size="sm"
        style={{ flex: 1 }}
        leftSection={<IconArrowsSort size={16} />}
        data={sortableColumns.map((column) => ({ value: column.sortBy!, label: column.label }))}
        value={state.sort.orderBy}
        allowDeselect={false}
        onChange={(value) => value && state.setSort({ orderBy: value, orderDirection: state.sort.orderDirection })}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={state.sort.orderDirection === 'asc' ? t('table.sortAscending') : t('table.sortDescending')}
        onClick={() =>
          state.setSort({
            orderBy: state.sort.orderBy,
            orderDirection: state.sort.orderDirection === 'asc' ? 'desc' : 'asc',
          })
        }
      >
        {state.sort.orderDirection === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
      </ActionIcon>
    </Group>
  )

  // The selection outlives a bulk change (tag, then categorize, the same rows): it keeps the rows' ids and takes each
  // row as the page lists it now, so what a change altered (a new owner moves a recipe to another household) counts.
  const listed = new Map((props.list.data?.items ?? []).map((item) => [item.id, item]))
  const selection = [...selected.values()].map((item) => listed.get(item.id) ?? item)
  const body = (items: Item[], empty: string, sortable: boolean) =>
    items.length === 0 ? <EmptyNote>{empty}</EmptyNote> : wide ? renderTable(items, sortable) : renderCards(items)

  return (
    <Card withBorder radius="lg" padding={0} data-testid={props['data-testid']}>
      <Stack p="md" gap="sm">
        <Group gap="xs" wrap="wrap">
          <TextInput
            aria-label={t('common.search')}
            placeholder={props.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            rightSection={props.list.isFetching && !props.list.isPending ? <Loader size={14} /> : null}
            style={{ flex: '1 1 14rem' }}
            value={state.search}
            disabled={Boolean(props.override)}
            onChange={(event) => state.setSearch(event.currentTarget.value)}
          />
          {props.actions}
        </Group>
        {props.filters}
        {phoneSort}
        {selection.length > 0 && (
          <Group
            gap="xs"
            justify="space-between"
            wrap="wrap"
            p="xs"
            bg="var(--mantine-color-default-hover)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="selection-bar"
          >
            <Text size="sm" fw={600} aria-live="polite">
              {t('table.selected', { number: selection.length })}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" onClick={() => setSelected(new Map())}>
                {t('table.clearSelection')}
              </Button>
              {props.selectionActions?.(selection)}
              <Button
                size="xs"
                color="error"
                leftSection={<IconTrash size={14} />}
                onClick={() => setDeleting(selection)}
              >
                {t('table.deleteSelected')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
      {props.override ? (
        body(props.override.items, props.override.empty, false)
      ) : (
        <QueryState query={props.list}>
          {(page) => (
            <>
              {body(page.items, state.params.search ? t('table.noMatch') : props.empty, true)}
              {page.total > 0 && (
                <Group justify="space-between" p="md" gap="sm" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    {t('table.range', {
                      from: (page.page - 1) * page.per_page + 1,
                      to: (page.page - 1) * page.per_page + page.items.length,
                      total: page.total,
                    })}
                  </Text>
                  {page.total_pages > 1 && (
                    <Pagination
                      total={page.total_pages}
                      value={state.page}
                      onChange={state.setPage}
                      size="sm"
                      siblings={wide ? 1 : 0}
                      getControlProps={(control) => ({
                        'aria-label': t(`table.page.${control}`),
                      })}
                      getItemProps={(page) => ({ 'aria-label': t('table.page.number', { page }) })}
                    />
                  )}
                </Group>
              )}
            </>
          )}
        </QueryState>
      )}
      {props.deleteItem && (
        <DeleteDialog
          items={deleting}
          nameOf={props.nameOf}
          deleteItem={props.deleteItem}
          message={deleting?.length === 1 ? t('table.deleteOne', { name: props.nameOf(deleting[0]!) }) : undefined}
          note={props.deleteNote}
          onClose={() => setDeleting(null)}
          onDeleted={(deleted) => {
            setSelected((current) => {
              const next = new Map(current)
              for (const item of deleted) next.delete(item.id)
              return next
            })
            void props.afterDelete?.()
          }}
        />
      )}
    </Card>
  )
}

function SortIcon({ active, direction }: { active: boolean; direction: 'asc' | 'desc' }) {
  if (!active) return <IconArrowsSort size={14} opacity={0.5} aria-hidden />
  return direction === 'asc' ? (
    <IconSortAscending size={14} aria-hidden />
  ) : (
    <IconSortDescending size={14} aria-hidden />
  )
}
