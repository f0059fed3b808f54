import { categoryEndpoints } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { OrganizerTable } from './OrganizerTable'

const id = (n: number) => `00000000-0000-4000-8000-0000000c${String(n).padStart(4, '0')}`
const soups = { id: id(1), name: 'Soups', slug: 'soups' }
const bakes = { id: id(2), name: 'Bakes', slug: 'bakes' }
const drinks = { id: id(3), name: 'Drinks', slug: 'drinks' }
const groupId = '00000000-0000-4000-8000-0000000000a1'

function page<Item>(items: Item[]) {
  return { body: { page: 1, per_page: 25, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

describe('the categories data table (phone layout)', { timeout: 20_000 }, () => {
  it('creates and renames categories with just a name', async () => {
    const server = fakeServer()
      .answer(categoryEndpoints.list, page([soups, bakes]))
      .answer(categoryEndpoints.create, ({ body }) => ({
        status: 201 as const,
        body: { id: id(4), name: body.name, slug: 'stews', groupId },
      }))
      .answer(categoryEndpoints.update, ({ body }) => ({ body: { ...soups, name: body.name } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<OrganizerTable kind="categories" />)
    await screen.findByRole('list', { name: 'Categories' })

    await user.click(screen.getByRole('button', { name: 'Create' }))
    const create = await screen.findByRole('dialog', { name: 'Create a category' })
    await user.click(within(create).getByRole('button', { name: 'Create' }))
    expect(within(create).getByText('Enter a name')).toBeInTheDocument()
    await user.type(within(create).getByRole('textbox', { name: 'Name' }), 'Stews')
    await user.click(within(create).getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(server.calls(categoryEndpoints.create).map((call) => call.body)).toEqual([{ name: 'Stews' }]),
    )

    await user.click(screen.getByRole('button', { name: 'Edit Soups' }))
    const rename = await screen.findByRole('dialog', { name: 'Rename category' })
    const name = within(rename).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Soups & stews')
    await user.click(within(rename).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(categoryEndpoints.update)).toHaveLength(1))
    expect(server.calls(categoryEndpoints.update)[0]!.params).toEqual({ id: soups.id })
    expect(server.calls(categoryEndpoints.update)[0]!.body).toEqual({ name: 'Soups & stews' })
  })

  it('shows the unused categories and deletes them all after confirmation', async () => {
    const server = fakeServer()
      .answer(categoryEndpoints.list, page([soups, bakes, drinks]))
      .answer(categoryEndpoints.empty, { body: [bakes, drinks] })
      .answer(categoryEndpoints.remove, ({ params }) => ({ body: { ...bakes, id: params.id ?? bakes.id } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<OrganizerTable kind="categories" />)
    await screen.findByRole('list', { name: 'Categories' })
    expect(server.calls(categoryEndpoints.empty)).toHaveLength(0)

    await user.click(screen.getByText('Unused'))
    await waitFor(() => expect(screen.queryByText('Soups')).not.toBeInTheDocument())
    expect(server.calls(categoryEndpoints.empty)).toHaveLength(1)
    expect(screen.getByText('Bakes')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete all unused (2)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete unused' })
    expect(dialog).toHaveTextContent('Delete the 2 categories no recipe uses?')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(server.calls(categoryEndpoints.remove).map((call) => call.params.id)).toEqual([bakes.id, drinks.id]),
    )
  })
})
