import '@mantine/core/styles/Accordion.css'
import type { GroupEventNotifierOut, NotifierOptionFlag } from '@larder/contracts'
import {
  Accordion,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmButton } from '@/components/ConfirmButton'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useNotifierDeliveries, useNotifiers, useNotifierWrites } from '@/features/notifiers/api/notifiers'
import { eventGroups, schemeTemplates } from '@/features/notifiers/schemes'
import { useStrings } from '@/i18n/use-strings'
import { notificationStore } from '@/notifications/notification-store'

/** The household's notifiers: add one by URL, then per notifier its events, state, test and delivery history. */
export function NotifiersSettings() {
  const { t } = useStrings('notifiers')
  const notifiers = useNotifiers()
  const [creating, setCreating] = useState(false)
  const [open, setOpen] = useState<string | null>(null)
  return (
    <Stack gap="md">
      <Text size="sm">{t('notifiers.intro')}</Text>
      <Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('notifiers.create')}
        </Button>
      </Group>
      <QueryState query={notifiers}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyNote>{t('notifiers.empty')}</EmptyNote>
          ) : (
            <Accordion variant="separated" radius="md" value={open} onChange={setOpen}>
              {page.items.map((notifier) => (
                <Accordion.Item key={notifier.id} value={notifier.id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {notifier.name}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {notifier.maskedUrl}
                        </Text>
                      </Stack>
                      <Badge color={notifier.enabled ? 'green' : 'gray'} variant="light">
                        {notifier.enabled ? t('notifiers.on') : t('notifiers.off')}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <NotifierEditor notifier={notifier} opened={open === notifier.id} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )
        }
      </QueryState>
      <DialogShell opened={creating} onClose={() => setCreating(false)} title={t('notifiers.createTitle')}>
        {creating && <CreateForm onDone={() => setCreating(false)} />}
      </DialogShell>
    </Stack>
  )
}

function CreateForm(props: { onDone: () => void }) {
  const { t } = useStrings('notifiers')
  const writes = useNotifierWrites()
  const [name, setName] = useState('')
  const [scheme, setScheme] = useState<string | null>(null)
  const [url, setUrl] = useState('')
  const [busy, setBusy] = useState(false)
  const pick = (value: string | null) => {
    setScheme(value)
    const template = schemeTemplates.find((item) => item.scheme === value)?.template
    if (template) setUrl(template)
  }
  const submit = async () => {
    if (!name.trim() || !url.trim()) return
    setBusy(true)
    try {
      await writes.create({ name: name.trim(), appriseUrl: url.trim() })
      props.onDone()
    } catch {
      // The client showed the server's reason (an unknown scheme, a missing part: 422); the form stays.
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
      <Stack gap="sm">
        <TextInput
          label={t('notifiers.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
        />
        <Select
          label={t('notifiers.service')}
          placeholder={t('notifiers.servicePlaceholder')}
          data={schemeTemplates.map((item) => ({ value: item.scheme, label: item.label }))}
          value={scheme}
          onChange={pick}
          allowDeselect={false}
        />
        <TextInput
          label={t('notifiers.url')}
          description={t('notifiers.urlHint')}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          required
          autoComplete="off"
          spellCheck={false}
        />
        <DialogActions onCancel={props.onDone}>
          <Button type="submit" loading={busy}>
            {t('notifiers.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  )
}

function NotifierEditor(props: { notifier: GroupEventNotifierOut; opened: boolean }) {
  const { t } = useStrings('notifiers')
  const { notifier } = props
  const writes = useNotifierWrites()
  const [name, setName] = useState(notifier.name)
  const [url, setUrl] = useState('')
  const [enabled, setEnabled] = useState(notifier.enabled)
  const [flags, setFlags] = useState<Partial<Record<NotifierOptionFlag, boolean>>>(() => ({ ...notifier.options }))
  const [busy, setBusy] = useState<'save' | 'test' | null>(null)

  const save = async () => {
    setBusy('save')
    try {
      const { id: _optionsId, ...options } = { ...notifier.options, ...flags }
      await writes.update(notifier, {
        name: name.trim() || notifier.name,
        enabled,
        options,
        appriseUrl: url.trim() || null,
      })
      setUrl('')
      notificationStore.open({ text: t('notifiers.saved'), color: 'success' })
    } catch {
      // Shown by the client.
    } finally {
      setBusy(null)
    }
  }
  const test = async () => {
    setBusy('test')
    try {
      await writes.test(notifier.id)
      notificationStore.open({ text: t('notifiers.tested'), color: 'info' })
    } catch {
      // Shown by the client.
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap="md">
      <TextInput label={t('notifiers.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <TextInput
        label={t('notifiers.url')}
        placeholder={notifier.maskedUrl}
        description={t('notifiers.urlKeep')}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <Switch
        label={t('notifiers.enabled')}
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm">
          {t('notifiers.events')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {eventGroups.map((eventGroup) => (
            <Stack key={eventGroup.group} gap={4}>
              <Text size="sm" c="dimmed">
                {t(`notifiers.group.${eventGroup.group}`)}
              </Text>
              {eventGroup.flags.map((flag) => (
                <Checkbox
                  key={flag}
                  label={t(`notifiers.flag.${flag}`)}
                  checked={flags[flag] ?? false}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked
                    setFlags((current) => ({ ...current, [flag]: checked }))
                  }}
                />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      <Group justify="flex-end" gap="xs">
        <ConfirmButton
          variant="subtle"
          color="red"
          aria-label={t('notifiers.delete', { notifier: notifier.name })}
          title={t('notifiers.deleteTitle')}
          message={t('notifiers.deleteMessage', { notifier: notifier.name })}
          confirmLabel={t('common.delete')}
          onConfirm={() => writes.remove(notifier.id)}
        >
          {t('common.delete')}
        </ConfirmButton>
        <Button variant="default" onClick={() => void test()} loading={busy === 'test'}>
          {t('notifiers.test')}
        </Button>
        <Button onClick={() => void save()} loading={busy === 'save'}>
          {t('notifiers.save')}
        </Button>
      </Group>
      <DeliveryHistory notifierId={notifier.id} opened={props.opened} />
    </Stack>
  )
}

function DeliveryHistory(props: { notifierId: string; opened: boolean }) {
  const { t, i18n } = useStrings('notifiers')
  const deliveries = useNotifierDeliveries(props.notifierId, props.opened)
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' })
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('notifiers.history')}
      </Text>
      <QueryState query={deliveries}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyNote>{t('notifiers.historyEmpty')}</EmptyNote>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped withTableBorder fz="sm" aria-label={t('notifiers.history')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('notifiers.historyTime')}</Table.Th>
                    <Table.Th>{t('notifiers.historyEvent')}</Table.Th>
                    <Table.Th>{t('notifiers.historyAttempt')}</Table.Th>
                    <Table.Th>{t('notifiers.historyOutcome')}</Table.Th>
                    <Table.Th>{t('notifiers.historyCode')}</Table.Th>
                    <Table.Th>{t('notifiers.historyError')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{time.format(new Date(row.createdAt))}</Table.Td>
                      <Table.Td>{row.eventType}</Table.Td>
                      <Table.Td>{row.attempt}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={row.outcome === 'delivered' ? 'green' : row.outcome === 'failed' ? 'red' : 'yellow'}
                        >
                          {t(`notifiers.outcome.${row.outcome}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.responseCode ?? '–'}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.error ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Stack>
  )
}
