import {
  bulkCategorizeRecipes,
  bulkExportRecipes,
  bulkSetRecipeSettings,
  bulkTagRecipes,
  categoryEndpoints,
  patchRecipes,
  tagEndpoints,
  deleteRecipe,
  deleteRecipeExport,
  getRecipeExportToken,
  listGroupMembers,
  listRecipeExports,
  listRecipes,
  purgeRecipeExports,
  retryRecipeExport,
  type GroupDataExport,
  type Recipe,
  type RecipeSummary,
} from '@larder/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/features/auth/app-session'
import { notificationStore } from '@/notifications/notification-store'
import { fakeServer } from '@/test/fake-server'
import { pickOption } from '@/test/pick-option'
import { makeUser, renderWithApp } from '@/test/render'
import { useWideScreen } from '@/test/wide-screen'
import { RecipeDataTable } from './RecipeDataTable'

const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'
const cook = {
  id: '00000000-0000-4000-8000-000000000007',
  groupId,
  householdId,
  username: 'cook',
  fullName: 'Kim Cook',
}

function recipe(n: number, name: string, slug: string): RecipeSummary {
  return {
    id: `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`,
    userId: cook.id,
    householdId,
    groupId,
    name,
    slug,
    image: null,
    recipeServings: 2,
    recipeYieldQuantity: 0,
    recipeYield: null,
    totalTime: null,
    prepTime: null,
    cookTime: null,
    performTime: null,
    description: null,
    recipeCategory: [{ id: '00000000-0000-4000-8000-00000000c001', name: 'Soups', slug: 'soups' }],
    tags: [],
    tools: [],
    rating: null,
    orgURL: null,
    dateAdded: null,
    dateUpdated: null,
    createdAt: '2026-03-04T10:00:00Z',
    updatedAt: '2026-03-05T10:00:00Z',
    lastMade: null,
  }
}

/** The full recipe DELETE answers with. */
function asRecipe(summary: RecipeSummary): Recipe {
  return {
    ...summary,
    recipeIngredient: [],
    recipeInstructions: [],
    nutrition: null,
    settings: {
      public: false,
      showNutrition: false,
      showAssets: false,
      landscapeView: false,
      disableComments: false,
      disableAmount: true,
      locked: false,
    },
    assets: [],
    notes: [],
    extras: {},
    comments: [],
  }
}

const soup = recipe(1, 'Tomato soup', 'tomato-soup')
const stew = recipe(2, 'Bean stew', 'bean-stew')
/** A recipe of another household of the group: the table shows it, bulk actions leave it out. */
const curry = {
  ...recipe(3, 'Neighbour curry', 'neighbour-curry'),
  householdId: '00000000-0000-4000-8000-0000000000b2',
}

const page = <Item,>(items: Item[]) => ({
  body: { page: 1, per_page: 25, total: items.length, total_pages: 1, items, next: null, previous: null },
})

const built: GroupDataExport = {
  id: '00000000-0000-4000-8000-0000000e0001',
  groupId,
  name: 'Data Export',
  filename: '00000000-0000-4000-8000-0000000e0001.zip',
  path: `media/groups/${groupId}/exports/00000000-0000-4000-8000-0000000e0001.zip`,
  size: '12.5 KB',
  expires: '2026-03-06T10:00:00Z',
  createdAt: '2026-03-05T10:00:00Z',
  status: 'ready',
  error: null,
}

/** The export as the server lists it while its job runs: asked for just now, no zip yet. */
const building = (id = built.id): GroupDataExport => ({
  ...built,
  id,
  size: '0 bytes',
  createdAt: new Date().toISOString(),
  status: 'building',
})

describe('the recipes data table', { timeout: 20_000 }, () => {
  useWideScreen()

  it("shows each recipe's owner and deletes the selected recipes one by one", async () => {
    const server = fakeServer()
      .answer(listRecipes, page([soup, stew]))
      .answer(listRecipeExports, { body: [] })
      .answer(listGroupMembers, {
        body: { page: 1, per_page: -1, total: 1, total_pages: 1, items: [cook], next: null, previous: null },
      })
      .answer(deleteRecipe, ({ params }) =>
        params.slug === soup.slug
          ? { body: asRecipe(soup) }
          : {
              status: 403 as const,
              body: { detail: { message: 'This recipe is locked.', error: true as const, exception: null } },
            },
      )
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeDataTable groupSlug="home" />)

    const row = await screen.findByTestId(`row-${soup.id}`)
    await waitFor(() => expect(row).toHaveTextContent('Kim Cook'))
    expect(within(row).getByRole('link', { name: 'Tomato soup' })).toHaveAttribute('href', '/g/home/r/tomato-soup')
    expect(row).toHaveTextContent('Soups')
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }))
    await user.click(screen.getByRole('button', { name: 'Delete selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete for good?' })
    expect(dialog).toHaveTextContent('Their images, assets, comments and timeline go with them.')
    expect(server.calls(deleteRecipe)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    // The first recipe is gone; the server refuses the second: the dialog says how far it got and stays open.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deleting stopped after 1 of 2.')
    expect(server.calls(deleteRecipe).map((call) => call.params.slug)).toEqual(['tomato-soup', 'bean-stew'])
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
    // The deleted recipe leaves the selection; the refused one stays selected.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('Selected: 1')
  })
})

describe('the recipes data table: exports', { timeout: 30_000 }, () => {
  useWideScreen()
  afterEach(() => {
    session.store.set({ status: 'loading', user: null })
    vi.restoreAllMocks()
  })

  it("exports the household's selected recipes, polls until the export is listed, downloads and purges it", async () => {
    act(() => session.store.set({ status: 'authenticated', user: makeUser({ householdId }) }))
    let exports: GroupDataExport[] = []
    const server = fakeServer()
      .answer(listRecipes, page([soup, curry]))
      .answer(listGroupMembers, page([]) as never)
      .answer(listRecipeExports, () => ({ body: exports }))
      .answer(bulkExportRecipes, () => {
        exports = [building()]
        return { body: null }
      })
      .answer(getRecipeExportToken, { body: { fileToken: 'signed.file.token' } })
      .answer(purgeRecipeExports, () => {
        exports = []
        return { body: { message: '1 exports deleted', error: false as const } }
      })
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeDataTable groupSlug="home" />)
    const section = await screen.findByRole('region', { name: 'Data exports' })
    expect(await within(section).findByText(/No exports yet/)).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Purge exports' })).toBeDisabled()

    await screen.findByTestId(`row-${curry.id}`)
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }))
    // The neighbour's curry is selected too, but bulk actions are the household's: the button says so.
    await user.click(screen.getByRole('button', { name: "Export your household's (1)" }))
    await waitFor(() => expect(server.calls(bulkExportRecipes)).toHaveLength(1))
    expect(server.calls(bulkExportRecipes)[0]!.body).toEqual({ recipes: ['tomato-soup'], exportType: 'json' })
    expect(await within(section).findByText('Building an export…')).toBeInTheDocument()
    // The entries are drawn from deferred data: they may follow the status line by a render.
    expect(await within(section).findByText('Building…')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument()

    // The job finishes: the next poll lists the export and the note goes.
    exports = [built]
    const download = await within(section).findByRole('button', { name: /^Download the export of/ }, { timeout: 5000 })
    expect(within(section).queryByText('Building an export…')).not.toBeInTheDocument()
    expect(section).toHaveTextContent('12.5 KB')
    await user.click(download)
    await waitFor(() => expect(clicked).toEqual(['/api/utils/download?token=signed.file.token']))
    expect(server.calls(getRecipeExportToken)[0]!.search.get('path')).toBe(built.path)

    await user.click(within(section).getByRole('button', { name: 'Purge exports' }))
    const dialog = await screen.findByRole('dialog', { name: 'Purge all exports?' })
    expect(dialog).toHaveTextContent('Delete all 1 exports of your group')
    await user.click(within(dialog).getByRole('button', { name: 'Purge exports' }))
    await waitFor(() => expect(server.calls(purgeRecipeExports)).toHaveLength(1))
    expect(await within(section).findByText(/No exports yet/)).toBeInTheDocument()
  })

  it("shows a failed export's reason, builds it again on Retry, and dismisses another", async () => {
    act(() => session.store.set({ status: 'authenticated', user: makeUser({ householdId }) }))
    const otherId = '00000000-0000-4000-8000-0000000e0002'
    const failed = (id: string): GroupDataExport => ({
      ...building(id),
      status: 'failed',
      error: "EACCES: permission denied, mkdir 'DATA_DIR/media'",
    })
    let exports: GroupDataExport[] = [failed(built.id), failed(otherId)]
    const server = fakeServer()
      .answer(listRecipes, page([soup]))
      .answer(listGroupMembers, page([]) as never)
      .answer(listRecipeExports, () => ({ body: exports }))
      .answer(retryRecipeExport, ({ params }) => {
        exports = exports.map((item) => (item.id === params.id ? building(item.id) : item))
        return { body: null }
      })
      .answer(deleteRecipeExport, ({ params }) => {
        exports = exports.filter((item) => item.id !== params.id)
        return { body: { message: 'Export deleted', error: false as const } }
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeDataTable groupSlug="home" />)
    const section = await screen.findByRole('region', { name: 'Data exports' })
    expect(
      await within(section).findAllByText("Failed: EACCES: permission denied, mkdir 'DATA_DIR/media'"),
    ).toHaveLength(2)
    // Nothing is building: the list is not asked again.
    expect(within(section).queryByText('Building an export…')).not.toBeInTheDocument()

    const [retry] = within(section).getAllByRole('button', { name: /^Build the export of .* again$/ })
    await user.click(retry!)
    await waitFor(() => expect(server.calls(retryRecipeExport)).toHaveLength(1))
    expect(server.calls(retryRecipeExport)[0]!.params).toEqual({ id: built.id })
    expect(await within(section).findByText('Building…')).toBeInTheDocument()
    expect(within(section).getByText('Building an export…')).toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: /^Dismiss the export of/ }))
    await waitFor(() => expect(server.calls(deleteRecipeExport)).toHaveLength(1))
    expect(server.calls(deleteRecipeExport)[0]!.params).toEqual({ id: otherId })
    await waitFor(() => expect(within(section).queryByText(/^Failed:/)).not.toBeInTheDocument())
    expect(within(section).getAllByRole('listitem')).toHaveLength(1)
  })

  it("exports all of the household's recipes with Export all", async () => {
    act(() => session.store.set({ status: 'authenticated', user: makeUser({ householdId }) }))
    const server = fakeServer()
      .answer(listRecipes, ({ search }) =>
        search.get('perPage') === '-1' ? page([stew, soup]) : page([soup, stew, curry]),
      )
      .answer(listGroupMembers, page([]) as never)
      .answer(listRecipeExports, { body: [] })
      .answer(bulkExportRecipes, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeDataTable groupSlug="home" />)
    await user.click(await screen.findByRole('button', { name: 'Export all' }))
    await waitFor(() => expect(server.calls(bulkExportRecipes)).toHaveLength(1))
    const everything = server.calls(listRecipes).find((call) => call.search.get('perPage') === '-1')!
    expect(everything.search.getAll('households')).toEqual([householdId])
    expect(server.calls(bulkExportRecipes)[0]!.body).toEqual({
      recipes: ['bean-stew', 'tomato-soup'],
      exportType: 'json',
    })
  })
})

describe('the recipes data table: bulk changes', { timeout: 30_000 }, () => {
  useWideScreen()
  afterEach(() => session.store.set({ status: 'loading', user: null }))

  const baking = { id: '00000000-0000-4000-8000-00000000a001', name: 'Baking', slug: 'baking' }
  const mains = { id: '00000000-0000-4000-8000-00000000c002', name: 'Mains', slug: 'mains' }
  const partner = { ...cook, id: '00000000-0000-4000-8000-000000000008', username: 'sam', fullName: 'Sam Partner' }
  /** A member of the other household: handing a recipe to them moves it there. */
  const neighbour = {
    ...cook,
    id: '00000000-0000-4000-8000-000000000009',
    householdId: curry.householdId,
    username: 'ned',
    fullName: 'Ned Neighbour',
  }

  /**
   * The table with the household's soup and stew and the neighbour's curry, all selected, and the chosen action's
   * dialog open; every answer the actions need is ready.
   */
  async function openAction(item: string) {
    act(() => session.store.set({ status: 'authenticated', user: makeUser({ householdId, canOrganize: true }) }))
    const server = fakeServer()
      .answer(listRecipes, page([soup, stew, curry]))
      .answer(listRecipeExports, { body: [] })
      .answer(listGroupMembers, page([cook, partner, neighbour]) as never)
      .answer(tagEndpoints.list, page([baking]) as never)
      .answer(categoryEndpoints.list, page([mains]) as never)
      .answer(bulkTagRecipes, { body: null })
      .answer(bulkCategorizeRecipes, { body: null })
      .answer(bulkSetRecipeSettings, { body: null })
      .answer(patchRecipes, { body: [] })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeDataTable groupSlug="home" />)
    await screen.findByTestId(`row-${curry.id}`)
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }))
    // The neighbour's curry is selected too, but bulk actions are the household's: the menu counts two.
    await user.click(screen.getByRole('button', { name: 'Change (2)' }))
    await user.click(await screen.findByRole('menuitem', { name: item }))
    // The dialog's code loads on its first open (a lazy module, transformed on first import): slow on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: item }, { timeout: 5000 })
    const listsBefore = server.calls(listRecipes).length
    /** Applies the change; the table asks for its page again once the server has it. */
    const apply = async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Apply to the selection (2)' }))
      await waitFor(() => expect(server.calls(listRecipes).length).toBeGreaterThan(listsBefore))
      await waitFor(() => expect(dialog).not.toBeInTheDocument())
      expect(notificationStore.get().general).toMatchObject({ color: 'success', text: 'Recipes changed: 2.' })
    }
    return { server, user, dialog, apply }
  }

  it("adds the chosen tags to the household's selected recipes", async () => {
    const { server, user, dialog, apply } = await openAction('Add tags')
    expect(dialog).toHaveTextContent('The chosen tags are added to each selected recipe (2)')
    expect(within(dialog).getByRole('button', { name: 'Apply to the selection (2)' })).toBeDisabled()
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Tags' }), 'Baking')
    await apply()
    expect(server.calls(bulkTagRecipes).map((call) => call.body)).toEqual([
      { recipes: ['tomato-soup', 'bean-stew'], tags: [baking] },
    ])
  })

  it("adds the chosen categories to the household's selected recipes", async () => {
    const { server, user, dialog, apply } = await openAction('Add categories')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Categories' }), 'Mains')
    await apply()
    expect(server.calls(bulkCategorizeRecipes).map((call) => call.body)).toEqual([
      { recipes: ['tomato-soup', 'bean-stew'], categories: [mains] },
    ])
  })

  it('gives the selected recipes exactly the settings switched on', async () => {
    const { server, user, dialog, apply } = await openAction('Set settings')
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }))
    await user.click(within(dialog).getByRole('switch', { name: /^Locked/ }))
    await apply()
    expect(server.calls(bulkSetRecipeSettings).map((call) => call.body)).toEqual([
      {
        recipes: ['tomato-soup', 'bean-stew'],
        settings: {
          public: true,
          showNutrition: false,
          showAssets: false,
          landscapeView: false,
          disableComments: false,
          disableAmount: false,
          locked: true,
        },
      },
    ])
  })

  it('keeps the selection after a change, so a category can follow a tag on the same recipes', async () => {
    const { server, user, dialog, apply } = await openAction('Add tags')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Tags' }), 'Baking')
    await apply()
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('Selected: 3')

    await user.click(screen.getByRole('button', { name: 'Change (2)' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Add categories' }))
    const next = await screen.findByRole('dialog', { name: 'Add categories' })
    expect(next).toHaveTextContent('(2)')
    await pickOption(user, within(next).getByRole('combobox', { name: 'Categories' }), 'Mains')
    await user.click(within(next).getByRole('button', { name: 'Apply to the selection (2)' }))
    await waitFor(() => expect(server.calls(bulkCategorizeRecipes)).toHaveLength(1))
    expect(server.calls(bulkCategorizeRecipes)[0]!.body).toEqual({
      recipes: ['tomato-soup', 'bean-stew'],
      categories: [mains],
    })
    await waitFor(() => expect(next).not.toBeInTheDocument())
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('Selected: 3')
  })

  it("counts the selection as the server lists it now: recipes handed to another household's member leave the actions", async () => {
    const { server, user, dialog } = await openAction('Change owner')
    const moved = (summary: RecipeSummary) => ({ ...summary, userId: neighbour.id, householdId: neighbour.householdId })
    server.answer(listRecipes, page([moved(soup), moved(stew), curry]))
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Owner' }), 'Ned Neighbour')
    await user.click(within(dialog).getByRole('button', { name: 'Apply to the selection (2)' }))
    await waitFor(() => expect(screen.getByTestId(`row-${soup.id}`)).toHaveTextContent('Ned Neighbour'))
    // Still selected (the rows are there), but none is the household's any more: nothing to change or export.
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('Selected: 3')
    expect(screen.getByRole('button', { name: 'Change (0)' })).toBeDisabled()
  })

  it('hands the selected recipes to the chosen member in one PATCH', async () => {
    const { server, user, dialog, apply } = await openAction('Change owner')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Owner' }), 'Sam Partner')
    await apply()
    expect(server.calls(patchRecipes).map((call) => call.body)).toEqual([
      [
        { id: soup.id, userId: partner.id },
        { id: stew.id, userId: partner.id },
      ],
    ])
  })
})
