import {
  createNotifier,
  listNotifierDeliveries,
  listNotifiers,
  testNotifier,
  updateNotifier,
  type GroupEventNotifierOut,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { page } from '@/test/shopping-fixtures'
import { NotifiersSettings } from './NotifiersSettings'

const flagsOff = {
  testMessage: false,
  webhookTask: false,
  recipeCreated: false,
  recipeUpdated: false,
  recipeDeleted: false,
  userSignup: false,
  dataMigrations: false,
  dataExport: false,
  dataImport: false,
  mealplanEntryCreated: false,
  shoppingListCreated: false,
  shoppingListUpdated: false,
  shoppingListDeleted: false,
  cookbookCreated: false,
  cookbookUpdated: false,
  cookbookDeleted: false,
  tagCreated: false,
  tagUpdated: false,
  tagDeleted: false,
  categoryCreated: false,
  categoryUpdated: false,
  categoryDeleted: false,
  webhookFailed: false,
}

const phone: GroupEventNotifierOut = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Phone',
  enabled: true,
  groupId: '22222222-2222-4222-8222-222222222222',
  householdId: '33333333-3333-4333-8333-333333333333',
  options: { ...flagsOff, id: '44444444-4444-4444-8444-444444444444' },
  maskedUrl: 'ntfys://ntfy.sh/***',
}

describe('the notifiers settings', { timeout: 30_000 }, () => {
  it('adds a notifier by picking a service and filling in its URL', async () => {
    const server = fakeServer()
      .answer(listNotifiers, page([]))
      .answer(createNotifier, ({ body }) => ({ status: 201 as const, body: { ...phone, name: body.name } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<NotifiersSettings />)
    expect(await screen.findByText('No notifiers yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add a notifier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a notifier' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Phone')
    await user.click(within(dialog).getByRole('combobox', { name: 'Service' }))
    await user.click(await screen.findByRole('option', { name: 'ntfy' }))
    const url = within(dialog).getByRole('textbox', { name: 'Apprise URL' })
    expect(url).toHaveValue('ntfys://ntfy.sh/{topic}')
    await user.clear(url)
    await user.type(url, 'ntfys://ntfy.sh/kitchen')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(createNotifier)).toHaveLength(1))
    expect(server.calls(createNotifier)[0]!.body).toEqual({ name: 'Phone', appriseUrl: 'ntfys://ntfy.sh/kitchen' })
  })

  it('saves the event toggles keeping the stored URL, tests, and shows the delivery history', async () => {
    const server = fakeServer()
      .answer(listNotifiers, page([phone]))
      .answer(updateNotifier, ({ body }) => ({ body: { ...phone, ...body, options: { ...phone.options } } }))
      .answer(testNotifier, { status: 204 as const, body: null })
      .answer(listNotifierDeliveries, {
        body: [
          {
            id: '55555555-5555-4555-8555-555555555555',
            notifierId: phone.id,
            eventVersion: 7,
            eventType: 'recipe_created',
            attempt: 2,
            outcome: 'failed' as const,
            responseCode: 500,
            error: 'The receiver answered 500',
            createdAt: '2026-12-07T20:00:00.000Z',
          },
        ],
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<NotifiersSettings />)
    await user.click(await screen.findByRole('button', { name: /Phone/ }))
    expect(await screen.findByText('The receiver answered 500')).toBeInTheDocument()
    expect(screen.getByText('Failed')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Recipe created' }))
    await user.click(screen.getByRole('checkbox', { name: 'Tag deleted' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateNotifier)).toHaveLength(1))
    const sent = server.calls(updateNotifier)[0]!.body as Record<string, unknown>
    expect(sent).toMatchObject({ name: 'Phone', enabled: true, appriseUrl: null })
    expect(sent.options).toEqual({ ...flagsOff, recipeCreated: true, tagDeleted: true })
    await user.click(screen.getByRole('button', { name: 'Test' }))
    await waitFor(() => expect(server.calls(testNotifier)).toHaveLength(1))
    expect(server.calls(testNotifier)[0]!.params.id).toBe(phone.id)
  })
})
