import { createRecipeFromUrl, createRecipeFromUrlStream } from '@larder/contracts'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tokenStorage } from '@/api/token-storage'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'
import { sharedUrlOf } from '@/features/recipe-import/shared-url'
import { UrlImport } from './UrlImport'

const links = {
  recipe: (slug: string) => `/g/home/r/${slug}`,
  html: '/g/home/r/create/html',
  bulk: '/g/home/r/create/bulk',
  debug: null,
}

/** Answers the streaming create with `events` as a text/event-stream body; every other call goes to `server`. */
function streamAnswers(events: string, status = 200) {
  const server = fakeServer()
  const jsonFetch = globalThis.fetch
  const streamRequests: Request[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    if (new URL(request.url).pathname !== createRecipeFromUrlStream.path) return jsonFetch(input, init)
    streamRequests.push(request.clone())
    if (status !== 200) return Response.json({ detail: 'Not Found' }, { status })
    return new Response(events, { headers: { 'content-type': 'text/event-stream' } })
  })
  return { server, streamRequests }
}

async function openPage(search = '') {
  const user = userEvent.setup({ delay: null })
  const path = `/g/home/r/create/url${search}`
  await renderWithApp(
    <>
      <Routes>
        <Route
          path="/g/:groupSlug/r/create/url"
          element={<UrlImport initialUrl={sharedUrlOf(new URLSearchParams(search))} links={links} />}
        />
        <Route path="/g/:groupSlug/r/:slug" element={<p>Recipe page</p>} />
        <Route path="/g/:groupSlug/r/:slug/ingredient-parser" element={<p>Parser page</p>} />
      </Routes>
      <CurrentLocation />
    </>,
    { path },
  )
  await screen.findByRole('button', { name: 'Import' })
  return user
}

afterEach(() => tokenStorage.clear())

describe('importing a recipe from a web page', { timeout: 20_000 }, () => {
  it('takes the address out of shared text, streams with the session token and opens the editor', async () => {
    tokenStorage.write('the-token')
    const { streamRequests } = streamAnswers(
      'event: progress\ndata: {"message":"Fetching the page"}\n\nevent: done\ndata: {"slug":"lentil-soup"}\n\n',
    )
    const user = await openPage(`?recipe_import_url=${encodeURIComponent('Try this: https://example.com/soup!')}`)
    expect(screen.getByRole('textbox', { name: /Recipe URL/ })).toHaveValue('https://example.com/soup')
    await user.click(screen.getByRole('checkbox', { name: "Import the page's keywords as tags" }))
    await user.click(screen.getByRole('checkbox', { name: 'Open the editor after the import' }))
    await user.click(screen.getByRole('button', { name: 'Import' }))

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/lentil-soup?edit=true'))
    const request = streamRequests[0]!
    expect(request.headers.get('Authorization')).toBe('Bearer the-token')
    expect(await request.json()).toEqual({
      url: 'https://example.com/soup',
      includeTags: true,
      includeCategories: false,
    })
  })

  it('asks the plain endpoint when the server has no stream, then opens the ingredient parser', async () => {
    const { server } = streamAnswers('', 404)
    server.answer(createRecipeFromUrl, { status: 201, body: 'soup' })
    const user = await openPage()
    await user.type(screen.getByRole('textbox', { name: /Recipe URL/ }), 'https://example.com/soup')
    await user.click(screen.getByRole('checkbox', { name: 'Parse the ingredients after the import' }))
    await user.click(screen.getByRole('button', { name: 'Import' }))

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/soup/ingredient-parser'))
    expect(server.calls(createRecipeFromUrl)[0]!.body).toMatchObject({ url: 'https://example.com/soup' })
  })

  it('shows the reason the server streams for a failed import and stays on the page', async () => {
    const { server } = streamAnswers(
      'event: progress\ndata: {"message":"Fetching the page"}\n\nevent: error\ndata: {"message":"No recipe was found on this page"}\n\n',
    )
    const user = await openPage()
    await user.type(screen.getByRole('textbox', { name: /Recipe URL/ }), 'https://example.com/about')
    await user.click(screen.getByRole('button', { name: 'Import' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('No recipe was found on this page')
    expect(screen.getByRole('link', { name: "Paste the page's HTML instead" })).toHaveAttribute('href', links.html)
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/create/url')
    // A failed stream is an answer: the plain endpoint is not asked to fetch the page again.
    expect(server.calls(createRecipeFromUrl)).toHaveLength(0)
  })

  it('asks for an address before calling the server', async () => {
    const { streamRequests } = streamAnswers('')
    const user = await openPage()
    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByText('Enter the address of a recipe page')).toBeInTheDocument()
    expect(streamRequests).toHaveLength(0)
  })
})
