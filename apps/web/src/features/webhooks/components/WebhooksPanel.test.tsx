import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  type ReadWebhook,
  type WebhookDelivery,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { WebhooksPanel } from './WebhooksPanel'

const webhook: ReadWebhook = {
  id: '00000000-0000-4000-8000-0000000000c1',
  groupId: '00000000-0000-4000-8000-0000000000a1',
  householdId: '00000000-0000-4000-8000-0000000000b1',
  enabled: true,
  name: 'Kitchen display',
  url: 'https://example.org/hook',
  webhookType: 'mealplan',
  scheduledTime: '07:30:00',
  secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
  previousSecretExpiresAt: null,
  disabledReason: null,
}

const delivery: WebhookDelivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  webhookId: webhook.id,
  messageId: 'msg_0123456789abcdef0123456789abcdef',
  kind: 'scheduled',
  attempt: 2,
  attemptedAt: '2027-03-28T06:00:05.000Z',
  statusCode: 500,
  outcome: 'retrying',
  durationMs: 42,
  error: 'https://example.org/hook answered 500',
  nextAttemptAt: '2027-03-28T06:05:05.000Z',
}

function page<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

describe('the webhooks screen', { timeout: 30_000 }, () => {
  it('creates a webhook as Mealie does: off, named, at midnight', async () => {
    const server = fakeServer()
      .answer(listWebhooks, page([]))
      .answer(createWebhook, ({ body }) => ({
        status: 201 as const,
        body: { ...webhook, ...body, scheduledTime: '00:00:00' },
      }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WebhooksPanel />)
    expect(await screen.findByTestId('empty-note')).toHaveTextContent('No webhooks yet')
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(server.calls(createWebhook)).toHaveLength(1))
    expect(server.calls(createWebhook)[0]!.body).toEqual({
      enabled: false,
      name: 'New Webhook',
      url: '',
      scheduledTime: '00:00',
    })
  })

  it('saves the time, tests, shows the secret, rotates it, and replays a logged delivery', async () => {
    const server = fakeServer()
      .answer(listWebhooks, page([webhook]))
      .answer(updateWebhook, ({ body }) => ({ body: { ...webhook, scheduledTime: `${body.scheduledTime}:00` } }))
      .answer(testWebhook, { body: null })
      .answer(rotateWebhookSecret, { body: { ...webhook, secret: 'whsec_bmV3' } })
      .answer(listWebhookDeliveries, page([delivery]))
      .answer(replayWebhookDelivery, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<WebhooksPanel />)
    const card = await screen.findByRole('listitem', { name: 'Kitchen display – 07:30' })
    expect(within(card).getByTestId('webhook-secret')).toHaveValue(webhook.secret)

    const time = within(card).getByLabelText(/Time of day/)
    await user.clear(time)
    await user.type(time, '18:45')
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateWebhook)).toHaveLength(1))
    expect(server.calls(updateWebhook)[0]!.body).toMatchObject({ scheduledTime: '18:45', enabled: true })

    await user.click(within(card).getByRole('button', { name: 'Test' }))
    await waitFor(() => expect(server.calls(testWebhook)).toHaveLength(1))

    await user.click(within(card).getByRole('button', { name: 'New secret' }))
    const confirm = await screen.findByRole('dialog')
    await user.click(within(confirm).getByRole('button', { name: 'New secret' }))
    await waitFor(() => expect(server.calls(rotateWebhookSecret)).toHaveLength(1))

    await user.click(within(card).getByRole('button', { name: 'Show deliveries' }))
    const log = await screen.findByTestId('webhook-deliveries')
    expect(log).toHaveTextContent('Will retry')
    expect(log).toHaveTextContent('answered 500')
    await user.click(within(log).getByRole('button', { name: /^Send again/ }))
    await waitFor(() => expect(server.calls(replayWebhookDelivery)).toHaveLength(1))
    expect(server.calls(replayWebhookDelivery)[0]!.params).toEqual({ deliveryId: delivery.id })
  })
})
