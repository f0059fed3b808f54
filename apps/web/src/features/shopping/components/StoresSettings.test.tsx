import { createShoppingStore, deleteShoppingStore, listLabels, listShoppingStores } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { makeLabel, makeStore, page } from '@/test/shopping-fixtures'
import { labelsInStoreOrder, StoresSettings } from './StoresSettings'

const produce = makeLabel('Produce')
const dairy = makeLabel('Dairy')
const bakery = makeLabel('Bakery')

describe('the stores settings', { timeout: 30_000 }, () => {
  it("lists a store's labels in its order first, then the others by name", () => {
    expect(labelsInStoreOrder([produce, dairy, bakery], [produce.id]).map((label) => label.name)).toEqual([
      'Produce',
      'Bakery',
      'Dairy',
    ])
  })

  it('adds a store with its name and the label order shown', async () => {
    const server = fakeServer()
      .answer(listShoppingStores, page([]))
      .answer(listLabels, page([produce, dairy, bakery]))
      .answer(createShoppingStore, ({ body }) => ({
        status: 201 as const,
        body: makeStore(body.name, body.labelOrder ?? []),
      }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<StoresSettings />)
    expect(await screen.findByText(/No stores yet/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add a store' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a store' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Market')
    expect(await within(dialog).findByRole('button', { name: 'Drag Bakery' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(createShoppingStore)).toHaveLength(1))
    const request = server.calls(createShoppingStore)[0]!
    expect(request.body).toEqual({ name: 'Market', labelOrder: [bakery.id, dairy.id, produce.id] })
    expect(request.headers.get('Idempotency-Key')).toBeTruthy()
  })

  it('deletes a store once confirmed', async () => {
    const market = makeStore('Market', [])
    const server = fakeServer()
      .answer(listShoppingStores, page([market]))
      .answer(deleteShoppingStore, { body: market })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<StoresSettings />)
    await user.click(await screen.findByRole('button', { name: 'Delete Market' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the store?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(server.calls(deleteShoppingStore)).toHaveLength(1))
    expect(server.calls(deleteShoppingStore)[0]!.params.id).toBe(market.id)
  })
})
