import { createLabel, createUnit, listLabels, listUnits, mergeUnits, type IngredientUnit } from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { renderWithApp } from '@/test/render'
import { LabelsTable } from './LabelsTable'
import { UnitsTable } from './UnitsTable'

const groupId = '00000000-0000-4000-8000-0000000000a1'

function unit(n: number, name: string, abbreviation: string): IngredientUnit {
  return {
    id: `00000000-0000-4000-8000-00000000a${String(n).padStart(3, '0')}`,
    name,
    pluralName: `${name}s`,
    description: '',
    extras: {},
    fraction: true,
    abbreviation,
    pluralAbbreviation: abbreviation,
    useAbbreviation: false,
    aliases: [],
    createdAt: null,
    updatedAt: null,
  }
}

const tablespoon = unit(1, 'tablespoon', 'tbsp')
const spoon = unit(2, 'spoonful', '')

function page<Item>(items: Item[]) {
  return { body: { page: 1, per_page: 25, total: items.length, total_pages: 1, items, next: null, previous: null } }
}

/** The units table with tablespoon and spoonful, a server that merges them, and a user. */
async function renderUnitsToMerge() {
  const server = fakeServer()
    .answer(listUnits, page([tablespoon, spoon]))
    .answer(mergeUnits, { body: { message: 'Units merged' } })
  const user = userEvent.setup({ delay: null })
  await renderWithApp(<UnitsTable />)
  await screen.findByRole('list', { name: 'Units' })
  return { server, user }
}

describe('the units and labels tables (phone layout)', { timeout: 20_000 }, () => {
  it('creates a unit with its abbreviations, display choices and aliases', async () => {
    const server = fakeServer()
      .answer(listUnits, page([tablespoon]))
      .answer(createUnit, { status: 201, body: spoon })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<UnitsTable />)
    await screen.findByRole('list', { name: 'Units' })

    await user.click(screen.getByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a unit' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'teaspoon')
    await user.type(within(dialog).getByRole('textbox', { name: 'Plural name' }), 'teaspoons')
    await user.type(within(dialog).getByRole('textbox', { name: 'Abbreviation' }), 'tsp')
    await user.click(within(dialog).getByRole('switch', { name: /Use the abbreviation/ }))
    await user.click(within(dialog).getByRole('switch', { name: /Show as a fraction/ }))
    await user.type(within(dialog).getByRole('combobox', { name: 'Aliases' }), 't{Enter}')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(server.calls(createUnit)).toHaveLength(1))
    expect(server.calls(createUnit)[0]!.body).toEqual({
      name: 'teaspoon',
      pluralName: 'teaspoons',
      abbreviation: 'tsp',
      pluralAbbreviation: '',
      useAbbreviation: true,
      fraction: false,
      description: '',
      extras: {},
      aliases: [{ name: 't' }],
    })
  })

  it('merges two units, naming both in the confirmation', async () => {
    const { server, user } = await renderUnitsToMerge()

    await user.click(screen.getByRole('button', { name: 'More actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Merge units', hidden: true }))
    const dialog = await screen.findByRole('dialog', { name: 'Merge units' })
    for (const [label, option] of [
      ['Unit to merge away', 'spoonful'],
      ['Unit to keep', 'tablespoon'],
    ] as const) {
      const combobox = within(dialog).getByRole('combobox', { name: label })
      await user.click(combobox)
      const listbox = await waitFor(() => document.getElementById(combobox.getAttribute('aria-controls') ?? '')!)
      await user.click(within(listbox).getByRole('option', { name: option, hidden: true }))
    }
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent(
      'Every ingredient that uses “spoonful” will use “tablespoon” instead, and “spoonful” will be deleted.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }))
    await waitFor(() =>
      expect(server.calls(mergeUnits).map((call) => call.body)).toEqual([
        { fromUnit: spoon.id, toUnit: tablespoon.id },
      ]),
    )
  })

  it('starts the merge from the unit it is opened on, or from the two selected units', async () => {
    const { server, user } = await renderUnitsToMerge()

    // From a row: that unit is the one that goes; focus waits on the one that stays.
    await user.click(screen.getByRole('button', { name: 'Merge “spoonful” into another unit' }))
    let dialog = await screen.findByRole('dialog', { name: 'Merge units' })
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Unit to merge away' })).toHaveValue('spoonful'),
    )
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Unit to keep' })).toHaveFocus())
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge units' })).not.toBeInTheDocument())

    // From the selection: the first ticked goes into the second, and focus is on Merge.
    await user.click(screen.getByRole('checkbox', { name: 'Select spoonful' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select tablespoon' }))
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Merge' }))
    dialog = await screen.findByRole('dialog', { name: 'Merge units' })
    await waitFor(() =>
      expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent(
        'Every ingredient that uses “spoonful” will use “tablespoon” instead',
      ),
    )
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Merge' })).toHaveFocus())
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }))
    await waitFor(() =>
      expect(server.calls(mergeUnits).map((call) => call.body)).toEqual([
        { fromUnit: spoon.id, toUnit: tablespoon.id },
      ]),
    )
  })

  it('creates a label with a colour, refusing one that is not a colour', async () => {
    const produce = { id: '00000000-0000-4000-8000-00000000c001', name: 'Produce', color: '#4caf50', groupId }
    const server = fakeServer()
      .answer(listLabels, page([produce]))
      .answer(createLabel, ({ body }) => ({ body: { ...produce, name: body.name, color: body.color ?? '#959595' } }))
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<LabelsTable />)
    const list = await screen.findByRole('list', { name: 'Labels' })
    expect(within(list).getByText('#4caf50')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Create' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a label' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Frozen')
    const colour = within(dialog).getByRole('textbox', { name: 'Colour' })
    await user.clear(colour)
    await user.type(colour, 'blue')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('Use a colour like #959595')).toBeInTheDocument()
    expect(server.calls(createLabel)).toHaveLength(0)

    await user.clear(colour)
    await user.type(colour, '#2196f3')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(server.calls(createLabel).map((call) => call.body)).toEqual([{ name: 'Frozen', color: '#2196f3' }]),
    )
  })
})
