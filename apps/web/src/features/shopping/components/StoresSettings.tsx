import type { MultiPurposeLabel, ShoppingStoreOut } from '@larder/contracts'
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { useCallback, useMemo, useState } from 'react'
import { ConfirmButton } from '@/components/ConfirmButton'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useEveryLabel } from '@/features/foods/api/labels'
import { useShoppingStores } from '@/features/shopping/api/shopping-queries'
import { useShoppingStoreWrites } from '@/features/shopping/api/shopping-writes'
import { RefusedWrites } from '@/features/shopping/components/RefusedWrites'
import { SortableRows } from '@/features/shopping/components/SortableRows'
import { useStrings } from '@/i18n/use-strings'

/** The labels in a store's order: those it names first, in its order, then the others by name. */
export function labelsInStoreOrder(
  labels: readonly MultiPurposeLabel[],
  order: readonly string[],
): MultiPurposeLabel[] {
  const byId = new Map(labels.map((label) => [label.id, label]))
  const named = order.flatMap((id) => byId.get(id) ?? [])
  const rest = labels.filter((label) => !order.includes(label.id)).sort((a, b) => a.name.localeCompare(b.name))
  return [...named, ...rest]
}

/** The household's stores: each with a name and the order of its aisles (labels), set by dragging. */
export function StoresSettings() {
  const { t } = useStrings('shopping')
  const stores = useShoppingStores()
  const writes = useShoppingStoreWrites()
  const [editing, setEditing] = useState<{ store: ShoppingStoreOut | null } | null>(null)
  return (
    <Stack gap="md">
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ store: null })}>
          {t('shopping.stores.create')}
        </Button>
      </Group>
      <RefusedWrites shows={(write) => write.key.startsWith('shopping.store.')} />
      <QueryState query={stores}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyNote>{t('shopping.stores.empty')}</EmptyNote>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              aria-label={t('shopping.stores.title')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {page.items.map((store) => (
                <li key={store.id}>
                  <Paper withBorder radius="md" px="sm" py="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {store.name}
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={t('shopping.stores.edit', { store: store.name })}
                          onClick={() => setEditing({ store })}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                        <ConfirmButton
                          size="xs"
                          aria-label={t('shopping.stores.delete', { store: store.name })}
                          title={t('shopping.stores.deleteTitle')}
                          message={t('shopping.stores.deleteMessage', { store: store.name })}
                          confirmLabel={t('common.delete')}
                          onConfirm={() => writes.remove(store.id)}
                        >
                          {t('common.delete')}
                        </ConfirmButton>
                      </Group>
                    </Group>
                  </Paper>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <DialogShell
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.store ? t('shopping.stores.editTitle') : t('shopping.stores.createTitle')}
      >
        {editing && (
          <StoreForm
            store={editing.store}
            onCancel={() => setEditing(null)}
            onSave={async (name, labelOrder) => {
              await writes.save({ name, labelOrder }, editing.store?.id)
              setEditing(null)
            }}
          />
        )}
      </DialogShell>
    </Stack>
  )
}

function StoreForm(props: {
  store: ShoppingStoreOut | null
  onCancel: () => void
  onSave: (name: string, labelOrder: string[]) => Promise<unknown>
}) {
  const { t } = useStrings('shopping')
  const labels = useEveryLabel()
  const [name, setName] = useState(props.store?.name ?? '')
  const [order, setOrder] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)
  const ordered = useMemo(
    () => labelsInStoreOrder(labels.data?.items ?? [], order ?? props.store?.labelOrder ?? []),
    [labels.data, order, props.store],
  )
  const ids = useMemo(() => ordered.map((label) => label.id), [ordered])
  const describe = useCallback((id: string) => ordered.find((label) => label.id === id)?.name ?? id, [ordered])
  const move = useCallback(
    (fromId: string, toId: string) => {
      const next = [...ids]
      const from = next.indexOf(fromId)
      const to = next.indexOf(toId)
      next.splice(to, 0, ...next.splice(from, 1))
      setOrder(next)
    },
    [ids],
  )
  const submit = async () => {
    if (!name.trim()) return
    setBusy(true)
    try {
      await props.onSave(name.trim(), ids)
    } catch {
      // The client showed why (a store of that name exists: 409); the form stays.
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('shopping.stores.name')}
          value={name}
          maxLength={100}
          required
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('shopping.stores.labelOrder')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('shopping.stores.labelOrderHint')}
          </Text>
          {labels.isSuccess && ordered.length === 0 && <EmptyNote>{t('shopping.stores.noLabels')}</EmptyNote>}
          <Stack gap={4} data-testid="store-label-order">
            <SortableRows ids={ids} describe={describe} onMove={move}>
              {(id, handle) => {
                const label = ordered.find((candidate) => candidate.id === id)!
                return (
                  <Paper withBorder radius="sm" px={4} py={2}>
                    <Group gap="xs" wrap="nowrap">
                      {handle}
                      <Badge color={label.color} autoContrast variant="filled" radius="sm" tt="none">
                        {label.name}
                      </Badge>
                    </Group>
                  </Paper>
                )
              }}
            </SortableRows>
          </Stack>
        </Stack>
        <DialogActions onCancel={props.onCancel}>
          <Button type="submit" loading={busy} disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}
