import type { ReadWebhook, WebhookDelivery } from '@larder/contracts'
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { IconAlertTriangle, IconPlus, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { ConfirmButton } from '@/components/ConfirmButton'
import { CopyField } from '@/components/CopyField'
import { errorMessageOf } from '@/components/data-table/FormDialog'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { useStrings } from '@/i18n/use-strings'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useReplayDelivery,
  useRotateSecret,
  useSaveWebhook,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '@/features/webhooks/api/webhooks'

/** `/household/webhooks`: every webhook of the household, each with its secret and its delivery log. */
export function WebhooksPanel() {
  const { t } = useStrings('webhooks')
  const webhooks = useWebhooks()
  const create = useCreateWebhook()
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          loading={create.isPending}
          onClick={() =>
            create.mutate({ enabled: false, name: t('webhooks.newName'), url: '', scheduledTime: '00:00' })
          }
        >
          {t('webhooks.create')}
        </Button>
      </Group>
      <QueryState query={webhooks}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyNote>{t('webhooks.none')}</EmptyNote>
          ) : (
            <Stack gap="md" role="list" aria-label={t('webhooks.listLabel')}>
              {page.items.map((webhook) => (
                <WebhookCard key={`${webhook.id}:${JSON.stringify(webhook)}`} webhook={webhook} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  )
}

/** `HH:MM:SS` as the time input shows it. */
const timeOfDay = (scheduledTime: string) => scheduledTime.slice(0, 5)

function WebhookCard(props: { webhook: ReadWebhook }) {
  const { t } = useStrings('webhooks')
  const { webhook } = props
  const [enabled, setEnabled] = useState(webhook.enabled)
  const [name, setName] = useState(webhook.name)
  const [url, setUrl] = useState(webhook.url)
  const [time, setTime] = useState(timeOfDay(webhook.scheduledTime))
  const [showLog, setShowLog] = useState(false)
  const save = useSaveWebhook()
  const remove = useDeleteWebhook()
  const test = useTestWebhook()
  const rotate = useRotateSecret()
  const title = `${webhook.name || t('webhooks.unnamed')} – ${timeOfDay(webhook.scheduledTime)}`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { id: webhook.id, body: { enabled, name, url, webhookType: 'mealplan', scheduledTime: time } },
      { onSuccess: () => notifySuccess(t('webhooks.saved')) },
    )
  }

  return (
    <Paper withBorder radius="md" p="md" role="listitem" data-testid="webhook" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {webhook.disabledReason && (
          <Alert color="warning" variant="light" icon={<IconAlertTriangle size={18} />}>
            {webhook.disabledReason}
          </Alert>
        )}
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Switch
              label={t('webhooks.enabled')}
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
            <TextInput
              label={t('webhooks.name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <TextInput
              label={t('webhooks.url')}
              description={t('webhooks.urlHint')}
              value={url}
              type="url"
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            <TextInput
              label={t('webhooks.time')}
              description={t('webhooks.timeHint')}
              type="time"
              required
              value={time}
              onChange={(event) => setTime(event.currentTarget.value)}
              maw={200}
            />
            {save.error && (
              <Text c="error" size="sm" role="alert">
                {errorMessageOf(save.error)}
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              <Button type="submit" loading={save.isPending}>
                {t('webhooks.save')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconSend size={16} />}
                loading={test.isPending}
                onClick={() => test.mutate(webhook.id, { onSuccess: () => notifySuccess(t('webhooks.testSent')) })}
              >
                {t('webhooks.test')}
              </Button>
              <ConfirmButton
                variant="subtle"
                color="error"
                leftSection={<IconTrash size={16} />}
                title={t('webhooks.deleteTitle')}
                message={t('webhooks.deleteMessage', { name: webhook.name || t('webhooks.unnamed') })}
                confirmLabel={t('webhooks.delete')}
                onConfirm={async () => {
                  await remove.mutateAsync(webhook)
                  notifySuccess(t('webhooks.deleted'))
                }}
              >
                {t('webhooks.delete')}
              </ConfirmButton>
            </Group>
          </Stack>
        </form>
        <CopyField
          label={t('webhooks.secret')}
          description={
            webhook.previousSecretExpiresAt
              ? t('webhooks.secretOverlap', { until: new Date(webhook.previousSecretExpiresAt).toLocaleString() })
              : t('webhooks.secretHint')
          }
          value={webhook.secret}
          data-testid="webhook-secret"
        />
        <Group gap="xs">
          <ConfirmButton
            variant="light"
            size="compact-sm"
            leftSection={<IconRefresh size={14} />}
            title={t('webhooks.rotateTitle')}
            message={t('webhooks.rotateMessage')}
            confirmLabel={t('webhooks.rotate')}
            onConfirm={async () => {
              await rotate.mutateAsync(webhook.id)
              notifySuccess(t('webhooks.rotated'))
            }}
          >
            {t('webhooks.rotate')}
          </ConfirmButton>
          <Button variant="subtle" size="compact-sm" onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? t('webhooks.hideLog') : t('webhooks.showLog')}
          </Button>
        </Group>
        {showLog && <DeliveryLog webhookId={webhook.id} />}
      </Stack>
    </Paper>
  )
}

const outcomeColours: Record<WebhookDelivery['outcome'], string> = {
  succeeded: 'success',
  retrying: 'warning',
  failed: 'error',
  disabled: 'error',
  refused: 'error',
}

function DeliveryLog(props: { webhookId: string }) {
  const { t } = useStrings('webhooks')
  const deliveries = useWebhookDeliveries(props.webhookId, true)
  const replay = useReplayDelivery()
  return (
    <QueryState query={deliveries}>
      {(page) =>
        page.items.length === 0 ? (
          <EmptyNote>{t('webhooks.noDeliveries')}</EmptyNote>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('webhooks.log')} data-testid="webhook-deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.when')}</Table.Th>
                  <Table.Th>{t('webhooks.outcome')}</Table.Th>
                  <Table.Th>{t('webhooks.status')}</Table.Th>
                  <Table.Th>{t('webhooks.duration')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('webhooks.replay')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.items.map((delivery) => (
                  <Table.Tr key={delivery.id}>
                    <Table.Td>
                      <Text size="sm">{new Date(delivery.attemptedAt).toLocaleString()}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`webhooks.kinds.${delivery.kind}`)} · {t('webhooks.attempt', { count: delivery.attempt })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={outcomeColours[delivery.outcome]} variant="light">
                        {t(`webhooks.outcomes.${delivery.outcome}`)}
                      </Badge>
                      {delivery.error && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {delivery.error}
                        </Text>
                      )}
                      {delivery.nextAttemptAt && (
                        <Text size="xs" c="dimmed">
                          {t('webhooks.nextAttempt', { at: new Date(delivery.nextAttemptAt).toLocaleString() })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{delivery.statusCode ?? '–'}</Table.Td>
                    <Table.Td>{t('webhooks.milliseconds', { count: delivery.durationMs })}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={`${t('webhooks.replay')}: ${new Date(delivery.attemptedAt).toLocaleString()}`}
                        onClick={() =>
                          replay.mutate(delivery.id, { onSuccess: () => notifySuccess(t('webhooks.replayed')) })
                        }
                      >
                        {t('webhooks.replay')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryState>
  )
}
