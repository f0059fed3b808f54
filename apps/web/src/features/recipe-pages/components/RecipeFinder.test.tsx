import { listFoods, suggestRecipes, toolEndpoints, type RecipeSummary } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeSummary } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { RecipeFinder } from './RecipeFinder'

const id = (n: number) => `00000000-0000-4000-8000-0000000f${String(n).padStart(4, '0')}`

function everything<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

const food = (n: number, name: string, onHand: boolean) => ({
  id: id(n),
  name,
  pluralName: null,
  description: '',
  extras: {},
  labelId: null,
  aliases: [],
  householdsWithIngredientFood: [],
  label: null,
  onHand,
  createdAt: null,
  updatedAt: null,
})

const recipe = (n: number, name: string): RecipeSummary =>
  makeSummary({
    id: id(n),
    userId: id(99),
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    recipeServings: 2,
    dateAdded: null,
    createdAt: null,
    updatedAt: null,
  })

describe('the recipe finder', { timeout: 20_000 }, () => {
  it('starts from what is on hand, asks for suggestions and names what is missing', async () => {
    const eggs = food(1, 'eggs', true)
    const flour = food(2, 'flour', false)
    const server = fakeServer()
      .answer(listFoods, everything([eggs, flour]) as never)
      .answer(
        toolEndpoints.list,
        everything([{ id: id(5), name: 'Whisk', slug: 'whisk', onHand: true, householdsWithTool: [] }]),
      )
      .answer(suggestRecipes, {
        body: {
          items: [
            { recipe: recipe(10, 'Omelette'), missingFoods: [], missingTools: [] },
            { recipe: recipe(11, 'Pancakes'), missingFoods: [flour], missingTools: [] },
          ],
        },
      })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<RecipeFinder groupSlug="home" />)

    expect(await screen.findByRole('link', { name: 'Pancakes' })).toHaveAttribute('href', '/g/home/r/pancakes')
    expect(screen.getByText('Missing foods: flour')).toBeInTheDocument()
    expect(screen.getByText('You have everything')).toBeInTheDocument()
    const first = server.calls(suggestRecipes)[0]!.search
    expect(first.getAll('foods')).toEqual([eggs.id])
    expect(first.getAll('tools')).toEqual([id(5)])
    expect(first.get('includeFoodsOnHand')).toBe('false')

    const max = screen.getByRole('textbox', { name: 'Missing foods at most' })
    await user.clear(max)
    await user.type(max, '0')
    await waitFor(() => expect(server.calls(suggestRecipes).at(-1)!.search.get('maxMissingFoods')).toBe('0'))
    expect(within(document.body).getAllByRole('article')).toHaveLength(2)
  })
})
