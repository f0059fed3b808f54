import { deleteRecipe, listGroupMembers, listRecipes, type Recipe, type RecipeSummary } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
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

describe('the recipes data table', { timeout: 20_000 }, () => {
  useWideScreen()

  it("shows each recipe's owner and deletes the selected recipes one by one", async () => {
    const server = fakeServer()
      .answer(listRecipes, {
        body: { page: 1, per_page: 25, total: 2, total_pages: 1, items: [soup, stew], next: null, previous: null },
      })
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
