import {
  createCookbook,
  listCookbooks,
  tagEndpoints,
  updateCookbook,
  updateCookbooks,
  type ReadCookBook,
} from '@larder/contracts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pickOption } from '@/test/pick-option'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { CookbookManager } from '@/features/recipe-pages/components/CookbookManager'

const id = (n: number) => `00000000-0000-4000-8000-0000000c${String(n).padStart(4, '0')}`
const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'

function everything<Item>(items: Item[]) {
  return { body: { page: 1, per_page: -1, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

function book(n: number, name: string, extra: Partial<ReadCookBook> = {}): ReadCookBook {
  return {
    id: id(n),
    name,
    description: '',
    slug: name.toLowerCase().replaceAll(' ', '-'),
    position: n,
    public: false,
    queryFilterString: '',
    groupId,
    householdId,
    queryFilter: { parts: [] },
    ...extra,
  }
}

const tags = [
  { id: id(101), name: 'Quick', slug: 'quick' },
  { id: id(102), name: 'Vegan', slug: 'vegan' },
]

/** The sortable cards stand one under the other: dnd-kit's keyboard moves measure them (jsdom lays nothing out). */
function layOutSortableRows() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-sortable-index]')
    const index = row ? Number(row.getAttribute('data-sortable-index')) : 0
    const top = index * 100
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 90, width: 300, height: 90, toJSON: () => ({}) }
  })
}

/** One key press as dnd-kit's keyboard sensor reads it (by `code`), then a pause for its timers and measuring. */
async function pressOn(element: Element, code: string) {
  await act(async () => {
    fireEvent.keyDown(element, { key: code === 'Space' ? ' ' : code, code })
    await new Promise((resolve) => setTimeout(resolve, 30))
  })
}

afterEach(() => vi.restoreAllMocks())

// The first test builds three conditions through comboboxes, key by key: 27 s on a loaded two-core machine.
describe('the cookbooks page', { timeout: 60_000 }, () => {
  it('builds the filter string from rows and sends it with a new cookbook', async () => {
    const server = fakeServer()
      .answer(listCookbooks, everything([book(1, 'Cakes')]))
      .answer(tagEndpoints.list, everything(tags))
      .answer(createCookbook, ({ body }) => ({
        body: book(2, String(body.name), { queryFilterString: body.queryFilterString ?? '' }),
      }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<CookbookManager groupSlug="home" />)

    await user.click(await screen.findByRole('button', { name: 'New cookbook' }))
    const dialog = await screen.findByRole('dialog', { name: 'New cookbook' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fast vegan')
    await user.click(within(dialog).getByRole('button', { name: 'Add a condition' }))
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Attribute of condition 1' }), 'Tags')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Operator of condition 1' }), 'has all of')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Value of condition 1' }), 'Quick')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Value of condition 1' }), 'Vegan')
    await user.click(within(dialog).getByRole('button', { name: 'Add a condition' }))
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Attribute of condition 2' }), 'Rating')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Operator of condition 2' }), 'is at least')
    await user.type(within(dialog).getByRole('textbox', { name: 'Value of condition 2' }), '4')
    await user.click(within(dialog).getByRole('button', { name: 'or' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add a condition' }))
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Attribute of condition 3' }), 'Last made')
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'Value of condition 3' }), '30 days ago')

    const expected = `tags.id CONTAINS ALL ["${id(101)}", "${id(102)}"] OR rating >= 4 AND last_made >= "$NOW-30d"`
    expect(within(dialog).getByTestId('filter-string')).toHaveTextContent(expected)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(createCookbook)).toHaveLength(1))
    expect(server.calls(createCookbook)[0]!.body).toEqual({
      name: 'Fast vegan',
      description: '',
      public: false,
      position: 2,
      queryFilterString: expected,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("keeps the server's 422 message in the dialog when it refuses the advanced filter", async () => {
    const cakes = book(1, 'Cakes', {
      queryFilterString: 'tags.name IN ["Cake"]',
      queryFilter: {
        parts: [
          {
            leftParenthesis: null,
            rightParenthesis: null,
            logicalOperator: null,
            attributeName: 'tags.name',
            relationalOperator: 'IN',
            value: ['Cake'],
          },
        ],
      },
    })
    const server = fakeServer()
      .answer(listCookbooks, everything([cakes]))
      .answer(updateCookbook, {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'queryFilterString'],
              msg: "invalid attribute string: 'colour' does not exist on this schema",
              type: 'value_error',
            },
          ],
        },
      } as never)
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<CookbookManager groupSlug="home" />)

    await user.click(await screen.findByRole('button', { name: 'Edit Cakes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit cookbook' })
    // The builder cannot show tags by name: the cookbook opens in the text field.
    const raw = within(dialog).getByRole('textbox', { name: /^Filter/ })
    expect(raw).toHaveValue('tags.name IN ["Cake"]')
    await user.clear(raw)
    await user.type(raw, 'colour = red')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent(
      "invalid attribute string: 'colour' does not exist on this schema",
    )
    expect(server.calls(updateCookbook)[0]!.body).toMatchObject({ queryFilterString: 'colour = red' })
    expect(screen.getByRole('dialog', { name: 'Edit cookbook' })).toBeInTheDocument()
  })

  it('moves a cookbook with the keyboard and saves every position with the bulk PUT', async () => {
    const books = [book(1, 'Breakfast'), book(2, 'Lunch'), book(3, 'Dinner')]
    const server = fakeServer()
      .answer(listCookbooks, everything(books))
      .answer(updateCookbooks, ({ body }) => ({
        body: body.map((item) => ({ ...books.find((b) => b.id === item.id)!, position: item.position ?? 0 })),
      }))
    layOutSortableRows()
    await renderWithApp(<CookbookManager groupSlug="home" />)

    const handle = await screen.findByRole('button', { name: 'Move Breakfast' })
    handle.focus()
    await pressOn(handle, 'Space')
    await pressOn(handle, 'ArrowDown')
    await pressOn(handle, 'Space')

    await waitFor(() => expect(server.calls(updateCookbooks)).toHaveLength(1))
    const sent = server.calls(updateCookbooks)[0]!.body
    expect(sent.map((item) => [item.name, item.position])).toEqual([
      ['Lunch', 1],
      ['Breakfast', 2],
      ['Dinner', 3],
    ])
    expect(sent[0]).toMatchObject({ id: books[1]!.id, queryFilterString: '', public: false })
  })

  it('says so when the household has no cookbooks', async () => {
    fakeServer().answer(listCookbooks, everything([]))
    await renderWithApp(<CookbookManager groupSlug="home" />)
    expect(await screen.findByTestId('cookbooks-empty')).toHaveTextContent('No cookbooks yet')
  })
})
