import {
  exploreCategories,
  exploreCookbook,
  exploreRecipe,
  exploreRecipes,
  getCookbook,
  getRecipe,
  listRecipes,
} from '@larder/contracts'
import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '@/api/query-client'
import { fakeServer } from '@/test/fake-server'
import { makeRecipe, makeSummary } from '@/test/recipe-fixtures'
import { CurrentLocation, initTestI18n } from '@/test/shell'
import { initColorScheme } from '@/theme/color-scheme-store'

// Nobody signed in: the session is known, without a server round-trip.
vi.mock('@/features/auth/app-session', async () => {
  const { createStore, useStore } = await import('@/app/create-store')
  const store = createStore({ status: 'unauthenticated' as const, user: null })
  return { session: { store, ensureLoaded: () => Promise.resolve() }, useAuth: () => useStore(store) }
})

const { default: SignedInRoutes } = await import('./SignedInRoutes')

function renderAt(path: string) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <SignedInRoutes />
        </Suspense>
        <CurrentLocation />
      </MemoryRouter>
    </MantineProvider>,
  )
}

describe('group pages for a signed-out visitor', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initTestI18n()
    initColorScheme(false)
  })

  // The app's one query client outlives a test: another test's answer for the same list must not stand in for this one.
  beforeEach(() => queryClient.clear())

  it('opens a recipe page through the explore API', async () => {
    const server = fakeServer().answer(exploreRecipe, { body: makeRecipe() })
    renderAt('/g/home/r/pancakes')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pancakes' }, { timeout: 10_000 })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/pancakes')
    expect(server.calls(getRecipe)).toHaveLength(0)
  })

  it('still sends the visitor to sign in for the rest of the group', async () => {
    renderAt('/g/home/r/pancakes/ingredient-parser')
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/login?redirect=%2Fg%2Fhome%2Fr%2Fpancakes%2Fingredient-parser',
      ),
    )
  })

  it('lists the public recipes on the explorer, searches them, and offers no recipe to create', async () => {
    const recipes = [makeSummary({ name: 'Tomato soup', slug: 'tomato-soup' }), makeSummary({ name: 'Lemon cake' })]
    const server = fakeServer().answer(exploreRecipes, (request) => {
      const search = request.search.get('search')?.toLowerCase()
      return { body: page(search ? recipes.filter((recipe) => recipe.name.toLowerCase().includes(search)) : recipes) }
    })
    renderAt('/g/home')
    expect(await screen.findByText('Tomato soup', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(server.calls(exploreRecipes)[0]?.params).toEqual({ groupSlug: 'home' })
    await userEvent.type(screen.getByRole('searchbox'), 'cake')
    await waitFor(() => expect(screen.queryByText('Tomato soup')).not.toBeInTheDocument(), { timeout: 5000 })
    expect(screen.getByText('Lemon cake')).toBeInTheDocument()
    expect(server.calls(listRecipes)).toHaveLength(0)
    expect(screen.queryByRole('link', { name: /create recipe/i })).not.toBeInTheDocument()
    expect(screen.getByTestId('visitor-sign-in')).toHaveAttribute('href', expect.stringMatching(/^\/login\?redirect=/))
  })

  it('tells a visitor of a group with nothing public that nothing is shared yet, not to add a recipe', async () => {
    fakeServer().answer(exploreRecipes, { body: page([]) })
    renderAt('/g/home')
    expect(await screen.findByText('Nothing shared yet', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByText(/has not made any recipes public/)).toBeInTheDocument()
    expect(screen.queryByText(/Add your first recipe/)).not.toBeInTheDocument()
  })

  it('sends the visitor of a private or unknown group to sign in, coming back to the explorer', async () => {
    fakeServer() // answers 404 to every call, as the explore API does for a private group
    renderAt('/g/secret?search=soup')
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fg%2Fsecret%3Fsearch%3Dsoup'),
      { timeout: 10_000 },
    )
  })

  it('opens a public cookbook through the explore API', async () => {
    const server = fakeServer().answer(exploreCookbook, {
      body: {
        id: '00000000-0000-4000-8000-00000000c001',
        name: 'Weeknight',
        slug: 'weeknight',
        description: '',
        position: 1,
        public: true,
        queryFilterString: '',
        groupId: '00000000-0000-4000-8000-0000000000a1',
        householdId: '00000000-0000-4000-8000-0000000000b1',
        queryFilter: { parts: [] },
        recipes: [makeSummary({ name: 'Tomato soup' })],
      },
    })
    renderAt('/g/home/cookbooks/weeknight')
    expect(await screen.findByRole('heading', { level: 1, name: 'Weeknight' }, { timeout: 10_000 })).toBeVisible()
    expect(screen.getByText('Tomato soup')).toBeInTheDocument()
    // A visitor has no favourites to keep.
    expect(screen.queryByRole('button', { name: /favorites/i })).not.toBeInTheDocument()
    expect(server.calls(getCookbook)).toHaveLength(0)
  })

  it('sends the visitor to sign in for a private cookbook', async () => {
    fakeServer()
    renderAt('/g/home/cookbooks/private-book')
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          '/login?redirect=%2Fg%2Fhome%2Fcookbooks%2Fprivate-book',
        ),
      { timeout: 10_000 },
    )
  })

  it("lists a public group's categories through the explore API", async () => {
    fakeServer().answer(exploreCategories, {
      body: {
        ...page([]),
        total: 1,
        items: [{ id: '00000000-0000-4000-8000-00000000d001', name: 'Soups', slug: 'soups' }],
      },
    })
    renderAt('/g/home/recipes/categories')
    expect(await screen.findByRole('link', { name: /Soups/ }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '/g/home?categories=soups',
    )
  })

  it('still sends the visitor to sign in for the cookbook list, which is the household to manage', async () => {
    renderAt('/g/home/cookbooks')
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fg%2Fhome%2Fcookbooks'),
    )
  })
})

function page<Item>(items: Item[]) {
  return { page: 1, per_page: 30, total: items.length, total_pages: 1, items, next: null, previous: null }
}
