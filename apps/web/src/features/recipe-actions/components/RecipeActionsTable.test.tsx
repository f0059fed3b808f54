import {
  createRecipeAction,
  deleteRecipeAction,
  listRecipeActions,
  updateRecipeAction,
  type GroupRecipeActionOut,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { RecipeActionsTable } from './RecipeActionsTable'

const printCard: GroupRecipeActionOut = {
  id: '00000000-0000-4000-8000-0000000000e1',
  actionType: 'link',
  title: 'Print card',
  url: 'https://print.example.org/?r=${slug}',
  groupId: '00000000-0000-4000-8000-0000000000a1',
  householdId: '00000000-0000-4000-8000-0000000000b1',
}

function page(items: GroupRecipeActionOut[]) {
  return { body: { page: 1, per_page: 25, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

describe('the recipe actions table (phone layout)', { timeout: 20_000 }, () => {
  it('says so when the household has no actions, and asks for them by title', async () => {
    const server = fakeServer().answer(listRecipeActions, page([]))
    await renderWithApp(<RecipeActionsTable />)
    expect(await screen.findByText(/No recipe actions yet/)).toBeInTheDocument()
    expect(server.calls(listRecipeActions)[0]!.search.get('orderBy')).toBe('title')
  })

  it('creates a post action, refusing an address that is not http(s) before sending it', async () => {
    const created = { ...printCard, id: '00000000-0000-4000-8000-0000000000e2', actionType: 'post' as const }
    const server = fakeServer()
      .answer(listRecipeActions, page([]))
      .answer(createRecipeAction, { status: 201, body: created })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeActionsTable />)
    await screen.findByText(/No recipe actions yet/)
    await user.click(screen.getByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a recipe action' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Send to printer')
    await user.click(within(dialog).getByText('Post the recipe'))
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'ftp://printer')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Enter an http or https address')).toBeInTheDocument()
    expect(server.calls(createRecipeAction)).toHaveLength(0)

    await user.clear(within(dialog).getByRole('textbox', { name: 'Address' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'https://print.example.org/in')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(server.calls(createRecipeAction)).toHaveLength(1))
    expect(server.calls(createRecipeAction)[0]!.body).toEqual({
      title: 'Send to printer',
      actionType: 'post',
      url: 'https://print.example.org/in',
    })
  })

  it('edits an action and deletes one after confirmation', async () => {
    const server = fakeServer()
      .answer(listRecipeActions, page([printCard]))
      .answer(updateRecipeAction, ({ body }) => ({ body: { ...printCard, ...body } }))
      .answer(deleteRecipeAction, { body: printCard })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeActionsTable />)
    await user.click(await screen.findByRole('button', { name: 'Edit Print card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit recipe action' })
    const title = within(dialog).getByRole('textbox', { name: 'Title' })
    await user.clear(title)
    await user.type(title, 'Print a card')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateRecipeAction)).toHaveLength(1))
    expect(server.calls(updateRecipeAction)[0]!.path).toBe(`/api/households/recipe-actions/${printCard.id}`)
    expect(server.calls(updateRecipeAction)[0]!.body).toMatchObject({ title: 'Print a card', actionType: 'link' })

    await user.click(screen.getByRole('button', { name: 'Delete Print card' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete for good?' })
    expect(within(confirm).getByText('Delete “Print card”? This cannot be undone.')).toBeInTheDocument()
    expect(server.calls(deleteRecipeAction)).toHaveLength(0)
    await user.click(within(confirm).getByTestId('confirm-delete'))
    await waitFor(() => expect(server.calls(deleteRecipeAction)).toHaveLength(1))
  })

  it('shows an error when the list cannot be read', async () => {
    fakeServer().answer(listRecipeActions, { status: 500, body: { detail: 'Internal Server Error' } } as never)
    await renderWithApp(<RecipeActionsTable />)
    expect(await screen.findByRole('alert')).toBeInTheDocument()
  })
})
