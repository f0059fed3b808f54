import type { ShoppingListSummary } from '@larder/contracts'
import { ActionIcon, Button, Card, Group, Menu, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconDots, IconPencil, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { QueryState } from '@/components/QueryState'
import { useShoppingLists, useUncheckedCounts } from '@/features/shopping/api/shopping-queries'
import { useShoppingListIndexWrites } from '@/features/shopping/api/shopping-writes'
import { useOfflineWrites } from '@/api/offline'
import { OfflineBadge } from '@/features/shopping/components/OfflineBadge'
import { RefusedWrites } from '@/features/shopping/components/RefusedWrites'
import { useStrings } from '@/i18n/use-strings'

/** The household's lists as cards (name, items left to get), with create, rename and delete. */
export function ShoppingListsIndex(props: { listPath: (id: string) => string; storesPath: string }) {
  const { t } = useStrings('shopping')
  const lists = useShoppingLists()
  const counts = useUncheckedCounts().data
  const writes = useShoppingListIndexWrites()
  const { waiting } = useOfflineWrites()
  const [naming, setNaming] = useState<{ list: ShoppingListSummary | null } | null>(null)
  const [deleting, setDeleting] = useState<ShoppingListSummary | null>(null)

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setNaming({ list: null })}>
          {t('shopping.lists.create')}
        </Button>
        <Group gap="xs">
          <OfflineBadge waitingChanges={waiting} />
          <Button component={Link} to={props.storesPath} variant="subtle">
            {t('shopping.lists.stores')}
          </Button>
        </Group>
      </Group>
      {/* The lists' own writes (create, rename, delete); a line's refused write shows on its list. */}
      <RefusedWrites
        shows={(write) => write.key.startsWith('shopping.list.') && !('listId' in (write.input as object))}
      />
      <QueryState query={lists}>
        {(page) =>
          page.items.length === 0 ? (
            <Stack align="center" gap="xs" py="xl" ta="center" data-testid="empty-state">
              <IconShoppingCart size={40} stroke={1.4} aria-hidden="true" />
              <Title order={2} fz="lg">
                {t('shopping.lists.empty')}
              </Title>
              <Text c="dimmed" size="sm" maw={420}>
                {t('shopping.lists.emptyText')}
              </Text>
            </Stack>
          ) : (
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="sm"
              component="ul"
              aria-label={t('shopping.lists.listOf')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {page.items.map((list) => (
                <li key={list.id}>
                  <ListCard
                    list={list}
                    unchecked={counts?.get(list.id) ?? (counts ? 0 : null)}
                    href={props.listPath(list.id)}
                    onRename={() => setNaming({ list })}
                    onDelete={() => setDeleting(list)}
                  />
                </li>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      <NameDialog
        state={naming}
        onClose={() => setNaming(null)}
        onSave={async (name) => {
          if (naming?.list) await writes.rename(naming.list, name)
          else await writes.create(name)
        }}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('shopping.lists.deleteTitle')}
        centered
        radius="lg"
      >
        <Stack gap="lg">
          <Text size="sm">{t('shopping.lists.deleteMessage', { list: deleting?.name ?? '' })}</Text>
          <DialogActions onCancel={() => setDeleting(null)}>
            <Button
              color="error"
              data-testid="confirm-action"
              onClick={() => {
                if (deleting) void writes.remove(deleting.id).catch(() => undefined)
                setDeleting(null)
              }}
            >
              {t('common.delete')}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </Stack>
  )
}

function ListCard(props: {
  list: ShoppingListSummary
  unchecked: number | null
  href: string
  onRename: () => void
  onDelete: () => void
}) {
  const { t } = useStrings('shopping')
  const name = props.list.name || t('shopping.lists.unnamed')
  return (
    <Card withBorder radius="lg" padding="md" data-testid="shopping-list-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text component={Link} to={props.href} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {props.unchecked !== null && (
            <Text size="sm" c="dimmed">
              {t('shopping.lists.unchecked', { count: props.unchecked })}
            </Text>
          )}
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shopping.lists.menu', { list: name })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={props.onRename}>
              {t('shopping.lists.rename')}
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={16} />} color="error" onClick={props.onDelete}>
              {t('shopping.lists.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  )
}

/** Create (no list) or rename (a list): one name field. */
function NameDialog(props: {
  state: { list: ShoppingListSummary | null } | null
  onClose: () => void
  onSave: (name: string) => Promise<unknown>
}) {
  const { t } = useStrings('shopping')
  const renaming = props.state?.list ?? null
  return (
    <DialogShell
      opened={props.state !== null}
      onClose={props.onClose}
      title={renaming ? t('shopping.lists.renameTitle') : t('shopping.lists.createTitle')}
    >
      {props.state && (
        <NameForm
          initial={renaming?.name ?? ''}
          submitLabel={renaming ? t('common.save') : t('shopping.lists.create')}
          onCancel={props.onClose}
          onSave={props.onSave}
        />
      )}
    </DialogShell>
  )
}

function NameForm(props: {
  initial: string
  submitLabel: string
  onCancel: () => void
  onSave: (name: string) => Promise<unknown>
}) {
  const { t } = useStrings('shopping')
  const [name, setName] = useState(props.initial)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    if (!name.trim()) return
    setBusy(true)
    try {
      await props.onSave(name.trim())
      props.onCancel()
    } catch {
      // The client showed the server's sentence; the dialog stays for another try.
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
          label={t('shopping.lists.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={200}
          required
          data-autofocus
        />
        <DialogActions onCancel={props.onCancel}>
          <Button type="submit" loading={busy} disabled={!name.trim()}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}
