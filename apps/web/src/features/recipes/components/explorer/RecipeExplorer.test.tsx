import { listRecipes, tagEndpoints, type RecipeSummary } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import GroupHomePage from '@/pages/g/[groupSlug]/index'
import { fakeServer, type FakeRequest } from '@/test/fake-server'
import { makeSummary } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'

const soup = makeSummary({
  name: 'Tomato soup',
  slug: 'tomato-soup',
  totalTime: 'PT45M',
  rating: 4,
  image: 'abc123',
  tags: [{ id: '00000000-0000-4000-8000-00000000f001', name: 'Quick', slug: 'quick' }],
})
const cake = makeSummary({ name: 'Lemon cake', slug: 'lemon-cake' })

function page(items: RecipeSummary[], request: FakeRequest) {
  return {
    page: Number(request.search.get('page') ?? 1),
    per_page: 30,
    total: items.length,
    total_pages: items.length > 0 ? 1 : 0,
    items,
    next: null,
    previous: null,
  }
}

/** The recipes as a server filters them: by the search words in the name. */
function serveRecipes(all: RecipeSummary[]) {
  return fakeServer().answer(listRecipes, (request) => {
    const search = request.search.get('search')?.toLowerCase()
    return { body: page(search ? all.filter((recipe) => recipe.name.toLowerCase().includes(search)) : all, request) }
  })
}

function renderExplorer(path = '/g/home') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/g/:groupSlug" element={<GroupHomePage />} />
      </Routes>
      <CurrentLocation />
    </>,
    { path },
  )
}

const location = () => new URL(screen.getByTestId('location').textContent, 'http://larder.test')

// The dialog's code is loaded on its first open (a lazy module, transformed on first import in the tests).
const lazyDialog = { timeout: 5000 }

describe('recipe explorer', { timeout: 20_000 }, () => {
  it('shows recipe cards with picture, rating, time and tags', async () => {
    serveRecipes([soup, cake])
    await renderExplorer()
    const card = (await screen.findByRole('link', { name: 'Tomato soup' })).closest('article')!
    expect(screen.getByRole('link', { name: 'Tomato soup' })).toHaveAttribute('href', '/g/home/r/tomato-soup')
    const image = card.querySelector('img')!
    expect(image).toHaveAttribute('src', `/api/media/recipes/${soup.id}/images/min-original.webp?version=abc123`)
    expect(image).toHaveAttribute('loading', 'lazy')
    expect(image).toHaveAttribute('width', '400')
    expect(image).toHaveAttribute('height', '300')
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    expect(within(card).getByText('45 min')).toBeInTheDocument()
    expect(within(card).getByText('Quick')).toBeInTheDocument()
    // Without a picture, a drawn placeholder of the same size.
    const cakeCard = screen.getByRole('link', { name: 'Lemon cake' }).closest('article')!
    expect(within(cakeCard).getByTestId('recipe-image-fallback')).toBeInTheDocument()
    expect(screen.getByText('2 recipes')).toBeInTheDocument()
  })

  it('loads the next page when the last rows come into view, each page once', async () => {
    const all = Array.from({ length: 45 }, (_, index) => makeSummary({ name: `Recipe ${index + 1}` }))
    const server = fakeServer().answer(listRecipes, (request) => {
      const number = Number(request.search.get('page'))
      return {
        body: {
          ...page(all.slice((number - 1) * 30, number * 30), request),
          total: all.length,
          total_pages: 2,
        },
      }
    })
    await renderExplorer()
    expect(await screen.findByRole('link', { name: 'Recipe 45' }, { timeout: 5000 })).toBeInTheDocument()
    expect(server.calls(listRecipes).map((call) => call.search.get('page'))).toEqual(['1', '2'])
    expect(screen.getByText('45 recipes')).toBeInTheDocument()
  })

  it('searches as you type, keeping the search in the address', async () => {
    const server = serveRecipes([soup, cake])
    const user = userEvent.setup({ delay: null })
    await renderExplorer()
    await screen.findByRole('link', { name: 'Lemon cake' })

    await user.type(screen.getByRole('searchbox', { name: 'Search recipes' }), 'soup')
    await waitFor(() => expect(location().searchParams.get('search')).toBe('soup'))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lemon cake' })).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: 'Tomato soup' })).toBeInTheDocument()
    // Debounced: one request for the whole word, none per key.
    const searches = server.calls(listRecipes).map((call) => call.search.get('search'))
    expect(searches).toEqual([null, 'soup'])
  })

  it('reads the search, filters and sort from the address it was opened at', async () => {
    const server = serveRecipes([soup])
    await renderExplorer(
      '/g/home?search=tomato&tags=quick&tags=vegan&requireAllTags=true&orderBy=name&orderDirection=asc',
    )
    await screen.findByRole('link', { name: 'Tomato soup' })
    expect(screen.getByRole('searchbox', { name: 'Search recipes' })).toHaveValue('tomato')
    const query = server.calls(listRecipes)[0]!.search
    expect(query.get('search')).toBe('tomato')
    expect(query.getAll('tags')).toEqual(['quick', 'vegan'])
    expect(query.get('requireAllTags')).toBe('true')
    expect(query.get('orderBy')).toBe('name')
    expect(query.get('orderDirection')).toBe('asc')
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument()
  })

  it('filters by tags matching any or all of them', async () => {
    const server = serveRecipes([soup]).answer(tagEndpoints.list, (request) => ({
      body: {
        ...page([], request),
        total: 2,
        items: [
          { id: '00000000-0000-4000-8000-00000000f001', name: 'Quick', slug: 'quick' },
          { id: '00000000-0000-4000-8000-00000000f002', name: 'Vegan', slug: 'vegan' },
        ],
      },
    }))
    const user = userEvent.setup({ delay: null })
    await renderExplorer()
    await screen.findByRole('link', { name: 'Tomato soup' })

    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter recipes' }, lazyDialog)
    // By keyboard: type to narrow the choices, arrow down and Enter to pick one.
    const tags = within(dialog)
      .getAllByLabelText('Tags')
      .find((element) => element.tagName === 'INPUT')!
    await waitFor(() => expect(server.calls(tagEndpoints.list)).toHaveLength(1))
    await user.type(tags, 'qui{ArrowDown}{Enter}')
    await waitFor(() => expect(location().searchParams.getAll('tags')).toEqual(['quick']))
    await user.type(tags, 'veg{ArrowDown}{Enter}')
    await waitFor(() => expect(location().searchParams.getAll('tags')).toEqual(['quick', 'vegan']))
    expect(location().searchParams.get('requireAllTags')).toBeNull()
    await waitFor(() => expect(server.calls(listRecipes).at(-1)!.search.getAll('tags')).toEqual(['quick', 'vegan']))
    expect(server.calls(listRecipes).at(-1)!.search.get('requireAllTags')).not.toBe('true')

    await user.click(within(within(dialog).getByTestId('match-tags')).getByRole('radio', { name: 'All of these' }))
    await waitFor(() => expect(location().searchParams.get('requireAllTags')).toBe('true'))
    await waitFor(() => expect(server.calls(listRecipes).at(-1)!.search.get('requireAllTags')).toBe('true'))

    await user.click(within(dialog).getByRole('button', { name: 'Show recipes' }))
    // The chosen tags stay in sight as removable pills.
    await user.click(await screen.findByRole('button', { name: 'Remove filter Quick' }))
    await waitFor(() => expect(location().searchParams.getAll('tags')).toEqual(['vegan']))
  })

  it('sorts, and a random order keeps its seed in the address for the next pages', async () => {
    const server = serveRecipes([soup, cake])
    const user = userEvent.setup({ delay: null })
    await renderExplorer()
    await screen.findByRole('link', { name: 'Tomato soup' })

    await user.click(screen.getByRole('button', { name: 'Sort by Date added' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Random' }))
    await waitFor(() => expect(location().searchParams.get('orderBy')).toBe('random'))
    const seed = location().searchParams.get('seed')
    expect(seed).toMatch(/^[a-z0-9]+$/)
    await waitFor(() => expect(server.calls(listRecipes).at(-1)!.search.get('paginationSeed')).toBe(seed))
    // Random has no direction.
    expect(screen.queryByRole('button', { name: 'Descending' })).not.toBeInTheDocument()
  })

  it('sorts by name in either direction, dropping the random seed', async () => {
    const server = serveRecipes([soup, cake])
    const user = userEvent.setup({ delay: null })
    await renderExplorer('/g/home?orderBy=random&seed=abc')
    await screen.findByRole('link', { name: 'Tomato soup' })

    await user.click(screen.getByRole('button', { name: 'Sort by Random' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Name' }))
    await waitFor(() => expect(location().searchParams.get('orderBy')).toBe('name'))
    expect(location().searchParams.get('seed')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Descending' }))
    await waitFor(() => expect(location().searchParams.get('orderDirection')).toBe('asc'))
    await waitFor(() => expect(server.calls(listRecipes).at(-1)!.search.get('orderDirection')).toBe('asc'))
    expect(server.calls(listRecipes).at(-1)!.search.get('orderBy')).toBe('name')
  })

  it('invites to create the first recipe when there are none', async () => {
    serveRecipes([])
    await renderExplorer()
    expect(await screen.findByText('No recipes yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create recipe' })).toHaveAttribute('href', '/g/home/r/create')
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument()
  })

  it('offers to clear the search and filters when nothing matches', async () => {
    serveRecipes([soup])
    const user = userEvent.setup({ delay: null })
    await renderExplorer('/g/home?search=pizza&tags=quick&orderBy=name')
    expect(await screen.findByText('Nothing matches')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Create recipe' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }))
    await waitFor(() => expect(location().search).toBe('?orderBy=name'))
    expect(await screen.findByRole('link', { name: 'Tomato soup' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search recipes' })).toHaveValue('')
  })

  it('says when the recipes could not be loaded and tries again', async () => {
    const server = fakeServer().answer(listRecipes, {
      status: 400,
      body: { detail: { message: 'Bad query', error: true, exception: null } },
    })
    const user = userEvent.setup({ delay: null })
    await renderExplorer()
    expect(await screen.findByText('Could not load the recipes')).toBeInTheDocument()
    server.answer(listRecipes, (request) => ({ body: page([soup], request) }))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Tomato soup' })).toBeInTheDocument()
  })
})
