import { tagEndpoints, toolEndpoints, type RecipeTool } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { OrganizerIndex } from './OrganizerIndex'

const id = (n: number) => `00000000-0000-4000-8000-0000000e${String(n).padStart(4, '0')}`

function everything<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

const tags = [
  { id: id(1), name: 'Quick', slug: 'quick' },
  { id: id(2), name: 'Éclair', slug: 'eclair' },
  { id: id(3), name: 'easy', slug: 'easy' },
  { id: id(4), name: '30 minutes', slug: '30-minutes' },
]

describe('the organizer pages', { timeout: 20_000 }, () => {
  it('lists tags in letter sections, each opening the explorer filtered by its slug', async () => {
    const server = fakeServer().answer(tagEndpoints.list, everything(tags))
    await renderWithApp(<OrganizerIndex kind="tags" groupSlug="home" canOrganize={false} />)

    const e = await screen.findByRole('region', { name: 'E' })
    expect(
      within(e)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['easy', 'Éclair'])
    expect(within(e).getByRole('link', { name: 'Éclair' })).toHaveAttribute('href', '/g/home?tags=eclair')
    expect(screen.getByRole('link', { name: 'Quick' })).toHaveAttribute('href', '/g/home?tags=quick')
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['#', 'E', 'Q'])
    expect(Object.fromEntries(server.calls(tagEndpoints.list)[0]!.search)).toMatchObject({
      perPage: '-1',
      orderBy: 'name',
    })
    expect(screen.queryByRole('link', { name: 'Manage tags' })).not.toBeInTheDocument()
  })

  it('finds a tag without its accents and says when nothing matches', async () => {
    fakeServer().answer(tagEndpoints.list, everything(tags))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<OrganizerIndex kind="tags" groupSlug="home" canOrganize />)
    const search = await screen.findByRole('textbox', { name: 'Search' })

    await user.type(search, 'ecl')
    expect(screen.getAllByRole('link', { name: /Éclair|Quick|easy|30/ }).map((link) => link.textContent)).toEqual([
      'Éclair',
    ])
    await user.clear(search)
    await user.type(search, 'zzz')
    expect(screen.getByTestId('empty-note')).toHaveTextContent('Nothing matches “zzz”.')
    expect(screen.getByRole('link', { name: 'Manage tags' })).toHaveAttribute('href', '/group/data/tags')
  })

  it('says so when the group has no categories yet', async () => {
    fakeServer().answer(tagEndpoints.list, everything([]))
    await renderWithApp(<OrganizerIndex kind="tags" groupSlug="home" canOrganize />)
    expect(await screen.findByTestId('organizers-empty')).toHaveTextContent('No tags yet')
  })

  it('switches a tool on hand for the household, and links it to the explorer', async () => {
    const mixer: RecipeTool = {
      id: id(9),
      name: 'Stand mixer',
      slug: 'stand-mixer',
      onHand: false,
      householdsWithTool: [],
    }
    const server = fakeServer()
      .answer(toolEndpoints.list, everything([mixer]))
      .answer(toolEndpoints.update, ({ body }) => ({ body: { ...mixer, onHand: body.onHand ?? false } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<OrganizerIndex kind="tools" groupSlug="home" canOrganize={false} />)

    expect(await screen.findByRole('link', { name: 'Stand mixer' })).toHaveAttribute(
      'href',
      '/g/home?tools=stand-mixer',
    )
    await user.click(screen.getByRole('switch', { name: 'Stand mixer on hand in my household' }))
    await waitFor(() => expect(server.calls(toolEndpoints.update)).toHaveLength(1))
    expect(server.calls(toolEndpoints.update)[0]!.params).toEqual({ id: mixer.id })
    expect(server.calls(toolEndpoints.update)[0]!.body).toEqual({ name: 'Stand mixer', onHand: true })
  })
})
