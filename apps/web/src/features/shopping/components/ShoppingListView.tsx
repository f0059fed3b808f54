import type { ShoppingListItemOut, ShoppingListOut, ShoppingStoreOut } from '@larder/contracts'
import { Button, Collapse, Group, Menu, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useLocalStorage } from '@mantine/hooks'
import {
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconDots,
  IconMarkdown,
  IconToolsKitchen2,
} from '@tabler/icons-react'
import { useCallback, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/ConfirmButton'
import { LabelBadgeInline } from '@/features/shopping/components/LabelHeading'
import { useShoppingStores } from '@/features/shopping/api/shopping-queries'
import { usePresence } from '@/features/shopping/api/use-presence'
import { draftOf, useShoppingListWrites } from '@/features/shopping/api/shopping-writes'
import { AddItemField } from '@/features/shopping/components/AddItemField'
import { AddRecipeDialog } from '@/features/shopping/components/AddRecipeDialog'
import { ItemEditor } from '@/features/shopping/components/ItemEditor'
import { ItemRow } from '@/features/shopping/components/ItemRow'
import { OfflineBadge, useOnline } from '@/features/shopping/components/OfflineBadge'
import { PresenceAvatars } from '@/features/shopping/components/PresenceAvatars'
import { ListRecipes } from '@/features/shopping/components/ListRecipes'
import { RefusedWrites } from '@/features/shopping/components/RefusedWrites'
import { SortableRows } from '@/features/shopping/components/SortableRows'
import { UndoNotice, type UndoOffer } from '@/features/shopping/components/UndoNotice'
import {
  checkedItems,
  groupByLabel,
  itemText,
  labelOrder,
  listAsText,
  reorderedPositions,
  type CopyFormat,
} from '@/features/shopping/shopping-order'
import { useSettlingChecks } from '@/features/shopping/use-settling-checks'
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard'
import { useStrings } from '@/i18n/use-strings'

/** The store chosen on this device ('' = the list's own label order). */
const storeStorageKey = 'larder.shopping.store'

/**
 * One list: its lines under their labels in the chosen store's order, the field to add, the checked lines folded at
 * the bottom, the list's recipes, and the toolbar (add a recipe, copy, delete checked).
 */
export function ShoppingListView(props: {
  list: ShoppingListOut
  /** The offline layer's queue length, when it exists (the slot of the "changes waiting" badge). */
  waitingChanges?: number
  storesPath: string
}) {
  const { t } = useStrings('shopping')
  const { list } = props
  const writes = useShoppingListWrites(list.id)
  const present = usePresence(list.id)
  const online = useOnline()
  const stores = useShoppingStores().data?.items ?? []
  const [storeId, setStoreId] = useLocalStorage<string>({ key: storeStorageKey, defaultValue: '' })
  const store = stores.find((candidate) => candidate.id === storeId) ?? null
  const { settling, hold, release } = useSettlingChecks()
  const [editing, setEditing] = useState<ShoppingListItemOut | null>(null)
  const [undo, setUndo] = useState<UndoOffer | null>(null)
  const [addingRecipe, setAddingRecipe] = useState(false)
  const [checkedOpen, setCheckedOpen] = useState(false)
  const closeUndo = useCallback(() => setUndo(null), [])

  const order = useMemo(() => labelOrder(list, store), [list, store])
  const groups = useMemo(
    () => groupByLabel(list.listItems, order, (item) => !item.checked || settling.has(item.id)),
    [list.listItems, order, settling],
  )
  const checked = useMemo(
    () => checkedItems(list.listItems).filter((item) => !settling.has(item.id)),
    [list.listItems, settling],
  )
  const allChecked = useMemo(() => list.listItems.filter((item) => item.checked), [list.listItems])
  const shown = useMemo(() => groups.flatMap((group) => group.items), [groups])

  const toggle = useCallback(
    (item: ShoppingListItemOut) => {
      const checking = !item.checked
      if (checking) hold([item.id])
      else release([item.id])
      void writes.setChecked([item], checking).catch(() => release([item.id]))
      if (checking) {
        setUndo({
          text: t('shopping.checkedNotice', { item: itemText(item) }),
          undo: () => {
            release([item.id])
            void writes.setChecked([{ ...item, checked: true }], false).catch(() => undefined)
          },
        })
      }
    },
    [hold, release, writes, t],
  )
  const move = useCallback(
    (fromId: string, toId: string) => {
      const positions = reorderedPositions(shown, fromId, toId)
      if (positions.length > 0) void writes.reorder(positions).catch(() => undefined)
    },
    [shown, writes],
  )
  const describe = useCallback(
    (id: string) => {
      const item = list.listItems.find((candidate) => candidate.id === id)
      return item ? itemText(item) : id
    },
    [list.listItems],
  )

  return (
    <Stack gap="md" pb={80}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Title order={2} fz="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {list.name || t('shopping.lists.unnamed')}
        </Title>
        <ListMenu groups={groups} onAddRecipe={() => setAddingRecipe(true)} />
      </Group>
      {/* A line of its own: beside the title a phone's 375 px cut the badges and the menu's label short. */}
      {(present.length > 0 || !online || (props.waitingChanges ?? 0) > 0) && (
        <Group gap="xs" justify="space-between" wrap="wrap" mt={-8}>
          <OfflineBadge waitingChanges={props.waitingChanges} />
          <PresenceAvatars people={present} />
        </Group>
      )}
      {stores.length > 0 && (
        <StoreSwitcher stores={stores} value={store?.id ?? ''} onChange={setStoreId} storesPath={props.storesPath} />
      )}
      <RefusedWrites
        shows={(write) => (write.input as { listId?: string }).listId === list.id}
        recreate={(item) => void writes.addItem(draftOf(item))}
      />
      <AddItemField onAdd={writes.addItem} />
      {shown.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" data-testid="empty-note">
          {list.listItems.length === 0 ? t('shopping.items.empty') : t('shopping.items.allChecked')}
        </Text>
      )}
      {groups.map((group) => (
        <Stack
          key={group.label?.id ?? 'none'}
          gap={6}
          component="section"
          aria-label={group.label?.name ?? t('shopping.noLabel')}
        >
          <LabelBadgeInline label={group.label} />
          <SortableRows ids={group.items.map((item) => item.id)} describe={describe} onMove={move}>
            {(id, handle) => {
              const item = group.items.find((candidate) => candidate.id === id)!
              return <ItemRow item={item} onToggle={toggle} onEdit={setEditing} handle={handle} />
            }}
          </SortableRows>
        </Stack>
      ))}
      {allChecked.length > 0 && (
        <Stack gap={6} component="section" aria-label={t('shopping.checked.title')}>
          <Group justify="space-between" wrap="nowrap">
            <UnstyledButton onClick={() => setCheckedOpen((open) => !open)} aria-expanded={checkedOpen}>
              <Group gap={4} wrap="nowrap">
                {checkedOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                <Text fw={600} size="sm">
                  {t('shopping.checked.count', { count: allChecked.length })}
                </Text>
              </Group>
            </UnstyledButton>
            <ConfirmButton
              size="xs"
              title={t('shopping.checked.deleteTitle')}
              message={t('shopping.checked.deleteMessage', { count: allChecked.length })}
              confirmLabel={t('common.delete')}
              onConfirm={() => {
                const ids = allChecked.map((item) => item.id)
                release(ids)
                return writes.deleteItems(ids)
              }}
            >
              {t('shopping.checked.delete')}
            </ConfirmButton>
          </Group>
          <Collapse expanded={checkedOpen}>
            <Stack gap={6}>
              {checked.map((item) => (
                <ItemRow key={item.id} item={item} onToggle={toggle} onEdit={setEditing} />
              ))}
            </Stack>
          </Collapse>
        </Stack>
      )}
      <ListRecipes list={list} onRemove={(recipeId, scale) => writes.removeRecipe(recipeId, scale)} />
      <ItemEditor
        item={editing}
        onClose={() => setEditing(null)}
        onSave={writes.editItem}
        onDelete={(item) => writes.deleteItems([item.id])}
      />
      <AddRecipeDialog opened={addingRecipe} onClose={() => setAddingRecipe(false)} listId={list.id} />
      <UndoNotice offer={undo} onDone={closeUndo} />
    </Stack>
  )
}

/** The chosen store's aisles order the labels; "List order" is the list's own label settings. One tap switches. */
function StoreSwitcher(props: {
  stores: ShoppingStoreOut[]
  value: string
  onChange: (id: string) => void
  storesPath: string
}) {
  const { t } = useStrings('shopping')
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <SegmentedControl
        size="xs"
        style={{ flex: 1, minWidth: 0, overflowX: 'auto' }}
        aria-label={t('shopping.stores.switch')}
        value={props.value}
        onChange={props.onChange}
        data={[
          { value: '', label: t('shopping.stores.listOrder') },
          ...props.stores.map((store) => ({ value: store.id, label: store.name })),
        ]}
      />
      <Button component={Link} to={props.storesPath} variant="subtle" size="compact-xs">
        {t('shopping.stores.manage')}
      </Button>
    </Group>
  )
}

/** Add a recipe; copy the unchecked lines as text or as a Markdown checklist (the button says "Copied" for 1.5 s). */
function ListMenu(props: { groups: ReturnType<typeof groupByLabel>; onAddRecipe: () => void }) {
  const { t } = useStrings('shopping')
  const { copy, copied } = useCopyToClipboard()
  const copyAs = (format: CopyFormat) => copy(listAsText(props.groups, format, t('shopping.noLabel')))
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" rightSection={<IconDots size={16} />}>
          {copied ? t('shopping.copy.copied') : t('shopping.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconToolsKitchen2 size={16} />} onClick={props.onAddRecipe}>
          {t('shopping.addRecipe.open')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => copyAs('text')}>
          {t('shopping.copy.text')}
        </Menu.Item>
        <Menu.Item leftSection={<IconMarkdown size={16} />} onClick={() => copyAs('markdown')}>
          {t('shopping.copy.markdown')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
