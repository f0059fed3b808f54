import { exploreRecipe, getRecipe } from '@larder/contracts'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { session } from '@/features/auth/app-session'
import RecipePage from '@/pages/g/[groupSlug]/r/[slug]/index'
import { fakeServer } from '@/test/fake-server'
import { makeRecipe } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'
import { recipePageDrawn } from '@/test/recipe-page'

function renderRecipePage(path = '/g/home/r/pancakes') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentLocation />
    </>,
    { path },
  )
}

describe('recipe page for a signed-out visitor', { timeout: 20_000 }, () => {
  beforeEach(() => act(() => session.store.set({ status: 'unauthenticated', user: null })))

  it('reads a public recipe through the explore API, read-only, with cook mode only in place of the actions', async () => {
    const server = fakeServer().answer(exploreRecipe, { body: makeRecipe() })
    const user = userEvent.setup({ delay: null })
    await renderRecipePage()

    expect(await recipePageDrawn()).toBeInTheDocument()
    expect(server.calls(exploreRecipe).map((call) => call.params)).toEqual([{ groupSlug: 'home', slug: 'pancakes' }])
    expect(server.calls(getRecipe)).toHaveLength(0)
    // No edit, delete, duplicate, "made it", favourite, own rating, share or comments.
    expect(screen.queryByRole('button', { name: 'Recipe actions' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('own-rating')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    // Reading it still works: the servings scaler and cook mode.
    await user.click(screen.getByRole('button', { name: 'More servings' }))
    expect(screen.getByTestId('servings-value')).toHaveTextContent('Servings: 5')
    expect(screen.getByRole('button', { name: 'Cook' })).toBeInTheDocument()
  })

  it('sends the visitor to sign in for a private or unknown recipe, coming back afterwards', async () => {
    // Unanswered, the explore endpoint answers 404, as it does for a private recipe.
    const server = fakeServer()
    await renderRecipePage('/g/home/r/secret')

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fg%2Fhome%2Fr%2Fsecret'),
    )
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
    expect(server.calls(getRecipe)).toHaveLength(0)
  })

  it('sends the visitor to sign in to edit a public recipe', async () => {
    fakeServer().answer(exploreRecipe, { body: makeRecipe() })
    await renderRecipePage('/g/home/r/pancakes?edit=true')

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/login?redirect=%2Fg%2Fhome%2Fr%2Fpancakes%3Fedit%3Dtrue',
      ),
    )
  })
})
