import { explorerFirstPageAddress, getRecipe, listRecipes } from '@larder/contracts'
import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import RecipePage from '@/pages/g/[groupSlug]/r/[slug]/index'
import { fakeServer } from '@/test/fake-server'
import { makeRecipe } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { firstPageUrl } from '@/features/recipes/api/recipes'
import { explorerListQuery, readExplorerState } from '@/features/recipes/explorer-state'
import { queryClient } from '@/api/query-client'
import {
  firstPaintPath,
  releaseFirstPaint,
  releaseFirstPaintOnFocus,
  resetEmbeddedAnswers,
  takeEmbeddedAnswer,
} from './first-paint'
import { recipePageDrawn } from '@/test/recipe-page'

/**
 * The page as the server sends it with a first paint: the drawing before #root (aria-hidden meanwhile), and the
 * answers' data block.
 */
function serverDrawn(path: string, answers: Record<string, unknown>, generatedAt = Date.now()) {
  const drawing = document.createElement('div')
  drawing.id = 'first-paint'
  drawing.dataset.path = path
  drawing.textContent = 'drawn by the server'
  const data = document.createElement('script')
  data.type = 'application/json'
  data.id = 'larder-answers'
  data.textContent = JSON.stringify({ generatedAt, answers })
  const root = document.createElement('div')
  root.id = 'root'
  root.setAttribute('aria-hidden', 'true')
  document.body.prepend(drawing, data, root)
}

/** With the app's own cache settings: an answer stays fresh for its staleTime. */
const appStaleTime = queryClient.getDefaultOptions().queries?.staleTime as number

function renderRecipePage(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
    </Routes>,
    { path, staleTime: appStaleTime },
  )
}

describe('first paint hand-off', { timeout: 20_000 }, () => {
  afterEach(() => {
    document.getElementById('first-paint')?.remove()
    document.getElementById('larder-answers')?.remove()
    document.getElementById('root')?.remove()
    resetEmbeddedAnswers()
  })

  it("renders the recipe from the page's embedded answer without asking the API, then removes the drawing", async () => {
    const server = fakeServer().answer(getRecipe, { body: makeRecipe({ name: 'From the network' }) })
    serverDrawn('/g/home/r/pancakes', { '/api/recipes/pancakes': makeRecipe({ name: 'Embedded pancakes' }) })
    await renderRecipePage('/g/home/r/pancakes')

    // Drawn in the first render: no loading state in between.
    expect(screen.queryByTestId('recipe-skeleton')).toBeNull()
    // The recipe page removes the drawing once all its parts are drawn (RecipeView).
    expect(await recipePageDrawn('Embedded pancakes')).toBeInTheDocument()
    expect(server.calls(getRecipe)).toHaveLength(0)
    expect(document.getElementById('first-paint')).toBeNull()
    // The app's own page is read by assistive technology from then on.
    expect(document.getElementById('root')).not.toHaveAttribute('aria-hidden')
  })

  it('asks the API again when the embedded answer is older than the cache keeps answers fresh', async () => {
    const server = fakeServer().answer(getRecipe, { body: makeRecipe({ name: 'Fresh pancakes' }) })
    serverDrawn('/g/home/r/pancakes', { '/api/recipes/pancakes': makeRecipe({ name: 'Stale pancakes' }) }, 0)
    await renderRecipePage('/g/home/r/pancakes')

    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh pancakes' })).toBeInTheDocument()
    expect(server.calls(getRecipe)).toHaveLength(1)
  })

  it('works as before without a drawing or data block, and with a broken one', async () => {
    const server = fakeServer().answer(getRecipe, { body: makeRecipe({ name: 'Plain pancakes' }) })
    const broken = document.createElement('script')
    broken.type = 'application/json'
    broken.id = 'larder-answers'
    broken.textContent = '{"generatedAt":'
    document.body.prepend(broken)
    await renderRecipePage('/g/home/r/pancakes')

    expect(await screen.findByRole('heading', { level: 1, name: 'Plain pancakes' })).toBeInTheDocument()
    expect(server.calls(getRecipe)).toHaveLength(1)
  })

  it("gives each embedded answer once, under the address the explorer's first page is asked at", () => {
    const url = firstPageUrl(explorerListQuery(readExplorerState(new URLSearchParams())))
    // The server embeds the first page under the address the contracts name (api web-shell/link-preview.ts).
    expect(url).toBe(explorerFirstPageAddress)
    expect(url).toBe('/api/recipes?perPage=30&orderBy=created_at&orderDirection=desc&page=1')
    serverDrawn('/g/home', { [url]: { items: [] } }, 42)
    expect(takeEmbeddedAnswer(url)).toEqual({ data: { items: [] }, updatedAt: 42 })
    expect(takeEmbeddedAnswer(url)).toBeUndefined()
    expect(listRecipes.path).toBe('/api/recipes')
  })

  it('hides a long drawing at once and removes it a few of its lines per task', async () => {
    serverDrawn('/g/home/r/pancakes', {})
    const drawing = document.getElementById('first-paint')!
    const list = document.createElement('ul')
    list.append(
      ...Array.from({ length: 100 }, (_, index) =>
        Object.assign(document.createElement('li'), { textContent: `line ${index}` }),
      ),
    )
    drawing.append(list)
    expect(firstPaintPath()).toBe('/g/home/r/pancakes')

    releaseFirstPaint()
    // The server's stylesheet skips the rendering of a released drawing; the app is the page from here on.
    expect(drawing).toHaveAttribute('data-released')
    expect(firstPaintPath()).toBeNull()
    expect(document.getElementById('root')).not.toHaveAttribute('aria-hidden')
    expect(drawing.querySelectorAll('li').length).toBe(60)
    await waitFor(() => expect(document.getElementById('first-paint')).toBeNull())
    // Released twice (a link followed while it goes): nothing more happens.
    releaseFirstPaint()
  })

  it('ends the drawing when focus enters the app under it, whose controls would take focus unseen', () => {
    serverDrawn('/g/home/r/pancakes', {})
    const root = document.getElementById('root')!
    const button = document.createElement('button')
    root.append(button)
    releaseFirstPaintOnFocus(root)
    expect(document.getElementById('first-paint')).not.toBeNull()
    button.focus()
    expect(document.getElementById('first-paint')).toBeNull()
    expect(root.hasAttribute('aria-hidden')).toBe(false)
  })
})
