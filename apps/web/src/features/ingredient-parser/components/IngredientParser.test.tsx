import {
  createFood,
  parseIngredients,
  patchRecipe,
  type ParsedIngredient,
  type RecipeIngredient,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeFood, makeIngredient, makeRecipe, makeUnit } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { IngredientParser } from './IngredientParser'

const cup = makeUnit('cup')
const flour = makeFood('flour')
const saffron = makeFood('saffron')

function parsed(input: string, part: Partial<ParsedIngredient['ingredient']>, average: number): ParsedIngredient {
  return {
    input,
    confidence: { average, comment: null, name: average, unit: average, quantity: average, food: average },
    ingredient: { ...makeIngredient({ originalText: input }), ...part },
  }
}

function recipeWithLines() {
  const lines: RecipeIngredient[] = [
    makeIngredient({ note: '2 cups flour', originalText: '2 cups flour', isFood: false }),
    makeIngredient({ note: '1 pinch saffron threads', originalText: null, isFood: false }),
  ]
  return makeRecipe({ slug: 'paella', name: 'Paella', recipeIngredient: lines })
}

async function openParser(options: { canOrganize: boolean }) {
  const recipe = recipeWithLines()
  const onDone = vi.fn()
  const server = fakeServer()
    .answer(parseIngredients, {
      body: [
        parsed('2 cups flour', { quantity: 2, unit: cup, food: flour, note: '' }, 0.95),
        parsed(
          '1 pinch saffron threads',
          { quantity: 1, unit: { name: 'pinch' }, food: { name: 'saffron' }, note: 'threads' },
          0.4,
        ),
      ],
    })
    .answer(createFood, { status: 201, body: saffron })
    .answer(patchRecipe, ({ body }) => ({ body: { ...recipe, ...(body as object) } }))
  const user = userEvent.setup({ delay: null })
  await renderWithApp(
    <IngredientParser
      recipe={recipe}
      userId="u1"
      canOrganize={options.canOrganize}
      openAiEnabled={false}
      onDone={onDone}
    />,
  )
  return { user, server, recipe, onDone }
}

describe('reviewing the parse of a recipe’s ingredients', { timeout: 20_000 }, () => {
  it('parses every line with the chosen parser and shows each part with its confidence', async () => {
    const { server } = await openParser({ canOrganize: true })
    const rows = await screen.findAllByRole('listitem')
    expect(within(rows[0]!).getByText('2 cups flour')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('Sure · 95%')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Doubtful · 40%')).toBeInTheDocument()
    expect(within(rows[1]!).getByRole('textbox', { name: 'Note' })).toHaveValue('threads')
    expect(server.calls(parseIngredients)[0]!.body).toEqual({
      ingredients: ['2 cups flour', '1 pinch saffron threads'],
      parser: 'nlp',
    })
  })

  it('creates a missing food on the spot and saves the lines, an unknown unit kept in the note', async () => {
    const { user, server, recipe, onDone } = await openParser({ canOrganize: true })
    await user.click(await screen.findByRole('button', { name: 'Create the food “saffron”' }))
    await waitFor(() => expect(server.calls(createFood)).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create the food “saffron”' })).toBeNull())

    await user.click(screen.getByRole('button', { name: 'Save all' }))
    // "pinch" is still unknown: the person chooses what becomes of it.
    const dialog = await screen.findByRole('dialog', { name: 'Some units and foods are new' })
    expect(within(dialog).getByText('Unit: pinch')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save as notes' }))

    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const sent = server.calls(patchRecipe)[0]!.body.recipeIngredient as Record<string, unknown>[]
    expect(sent[0]).toMatchObject({
      referenceId: recipe.recipeIngredient[0]!.referenceId,
      quantity: 2,
      unit: { id: cup.id, name: 'cup' },
      food: { id: flour.id, name: 'flour' },
      note: '',
      originalText: '2 cups flour',
    })
    expect(sent[1]).toMatchObject({
      referenceId: recipe.recipeIngredient[1]!.referenceId,
      quantity: 1,
      unit: null,
      food: { id: saffron.id, name: 'saffron' },
      note: 'pinch threads',
      originalText: '1 pinch saffron threads',
    })
  })

  it('tells a person who may not organize that a food is missing instead of offering to create it', async () => {
    await openParser({ canOrganize: false })
    expect(await screen.findByText('The food “saffron” is not in your group yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Create the food/ })).toBeNull()
  })
})
