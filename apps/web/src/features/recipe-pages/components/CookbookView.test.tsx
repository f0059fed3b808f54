import {
  addUserFavorite,
  getCookbook,
  listOwnRatings,
  removeUserFavorite,
  type RecipeCookBook,
} from '@larder/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { session } from '@/features/auth/app-session'
import { fakeServer } from '@/test/fake-server'
import { makeSummary } from '@/test/recipe-fixtures'
import { makeUser, renderWithApp } from '@/test/render'
import { CookbookView } from './CookbookView'

const id = (n: number) => `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`
const me = makeUser({ id: id(900) })
const soup = makeSummary({ id: id(1), name: 'Pumpkin soup', slug: 'pumpkin-soup' })
const cake = makeSummary({ id: id(2), name: 'Apple cake', slug: 'apple-cake' })
const book: RecipeCookBook = {
  id: id(50),
  name: 'Autumn',
  description: '',
  slug: 'autumn',
  position: 1,
  public: false,
  queryFilterString: '',
  groupId: '00000000-0000-4000-8000-0000000000a1',
  householdId: '00000000-0000-4000-8000-0000000000b1',
  queryFilter: { parts: [] },
  recipes: [soup, cake],
}

describe('the cookbook page', { timeout: 20_000 }, () => {
  beforeEach(() => act(() => session.store.set({ status: 'authenticated', user: me })))
  afterEach(() => act(() => session.store.set({ status: 'unauthenticated', user: null })))

  it("gives each recipe card the explorer's favourite toggle, which favourites and un-favourites", async () => {
    const server = fakeServer()
      .answer(getCookbook, { body: book })
      .answer(listOwnRatings, { body: { ratings: [{ recipeId: cake.id, rating: null, isFavorite: true }] } })
      .answer(addUserFavorite, { body: null })
      .answer(removeUserFavorite, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<CookbookView groupSlug="home" slug="autumn" />)

    const cards = await screen.findByRole('region', { name: /Autumn/ })
    const add = await within(cards).findByRole('button', { name: 'Add Pumpkin soup to favorites' })
    expect(add).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() =>
      expect(within(cards).getByRole('button', { name: 'Remove Apple cake from favorites' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    )

    await user.click(add)
    await waitFor(() => expect(server.calls(addUserFavorite)).toHaveLength(1))
    expect(server.calls(addUserFavorite)[0]!.params).toEqual({ id: me.id, slug: 'pumpkin-soup' })
    await user.click(within(cards).getByRole('button', { name: 'Remove Apple cake from favorites' }))
    await waitFor(() => expect(server.calls(removeUserFavorite)).toHaveLength(1))
    expect(server.calls(removeUserFavorite)[0]!.params).toEqual({ id: me.id, slug: 'apple-cake' })
  })
})
