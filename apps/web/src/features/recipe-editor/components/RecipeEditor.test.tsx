import {
  createUnit,
  listFoods,
  listUnits,
  updateRecipe,
  uploadRecipeImage,
  type Recipe,
  type UserOut,
} from '@larder/contracts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/features/auth'
import { fakeServer } from '@/test/fake-server'
import { makeUser, renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'
import { makeFood, makeIngredient, makeRecipe, makeUnit } from '@/test/recipe-fixtures'
import { RecipeEditor } from './RecipeEditor'

const owner = '00000000-0000-4000-8000-000000000000'
const flourId = '00000000-0000-4000-8000-00000000f001'
const sugarId = '00000000-0000-4000-8000-00000000f002'
const cupId = '00000000-0000-4000-8000-0000000000c1'
const firstReference = '00000000-0000-4000-8000-0000000000e1'
const secondReference = '00000000-0000-4000-8000-0000000000e2'
const stepId = '00000000-0000-4000-8000-0000000000d1'

const cup = () => makeUnit('cup', { id: cupId, pluralName: 'cups', abbreviation: 'c' })

/** A small complete recipe the editor's tests name by its ids: two ingredients (flour, sugar), one step using flour. */
function shortbread(overrides: Partial<Recipe> = {}): Recipe {
  return makeRecipe({
    id: '00000000-0000-4000-8000-0000000000aa',
    userId: owner,
    name: 'Shortbread',
    slug: 'shortbread',
    description: 'Buttery.',
    recipeServings: 4,
    prepTime: null,
    cookTime: null,
    totalTime: '1 hour',
    rating: null,
    orgURL: 'https://example.com/shortbread',
    recipeCategory: [],
    tags: [{ id: '00000000-0000-4000-8000-0000000000a7', name: 'Baking', slug: 'baking' }],
    recipeIngredient: [
      makeIngredient({
        referenceId: firstReference,
        quantity: 2,
        unit: cup(),
        food: makeFood('flour', { id: flourId }),
        note: 'sifted',
        originalText: '2 cups flour, sifted',
      }),
      makeIngredient({ referenceId: secondReference, quantity: 0.5, food: makeFood('sugar', { id: sugarId }) }),
    ],
    recipeInstructions: [
      {
        id: stepId,
        title: null,
        summary: null,
        text: 'Rub the flour into the butter.',
        ingredientReferences: [{ referenceId: firstReference }],
      },
    ],
    nutrition: null,
    settings: { ...makeRecipe().settings, showNutrition: false, showAssets: false },
    assets: [],
    notes: [],
    ...overrides,
  })
}

const paginated = <Item,>(items: Item[]) => ({
  page: 1,
  per_page: 20,
  total: items.length,
  total_pages: 1,
  items,
  next: null,
  previous: null,
})

/** The sortable rows stand one under the other: dnd-kit's keyboard moves measure them (jsdom lays nothing out). */
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

/** The unit pickers' text boxes, one per ingredient row (their option lists share the label). */
const unitInputs = () => screen.getAllByLabelText('Unit').filter((element) => element.tagName === 'INPUT')

async function openEditor(options: { user?: Partial<UserOut>; recipe?: Recipe } = {}) {
  const person = makeUser({ id: owner, ...options.user })
  session.store.set({ status: 'authenticated', user: person })
  const onDone = vi.fn()
  const user = userEvent.setup({ delay: null })
  await renderWithApp(
    <>
      <RecipeEditor recipe={options.recipe ?? shortbread()} onDone={onDone} />
      <Link to="/g/home">Elsewhere</Link>
      <CurrentLocation />
    </>,
    { path: '/g/home/r/shortbread?edit=true' },
  )
  // The editor's strings arrive with its chunk.
  await screen.findByRole('button', { name: 'Save' })
  return { user, onDone }
}

function answerSaves(server: ReturnType<typeof fakeServer>) {
  return server.answer(updateRecipe, (request) => ({
    body: shortbread({ name: request.body.name ?? 'Shortbread', slug: 'saved-slug' }),
  }))
}

// jsdom has no font loading API; Mantine's autosizing text areas listen to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  })
}

beforeEach(() => layOutSortableRows())
afterEach(() => session.store.set({ status: 'loading', user: null }))

describe('the recipe editor', { timeout: 40_000 }, () => {
  it('saves the whole recipe with one camelCase PUT, keeping reference ids and a keyboard reorder', async () => {
    const server = answerSaves(fakeServer())
    const { user, onDone } = await openEditor()

    const name = screen.getByRole('textbox', { name: /^Name/ })
    await user.clear(name)
    await user.type(name, 'Scones')
    await user.type(screen.getByRole('textbox', { name: 'Instructions' }), '!')

    // Ingredient 2 moves above ingredient 1 with the keyboard only: Space picks up, ArrowUp moves, Space drops.
    const handle = screen.getByRole('button', { name: 'Drag Ingredient 2' })
    act(() => handle.focus())
    await pressOn(handle, 'Space')
    await pressOn(handle, 'ArrowUp')
    await pressOn(handle, 'Space')
    expect(screen.getByRole('button', { name: 'Drag Ingredient 1' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('saved-slug'))

    const [put] = server.calls(updateRecipe)
    expect(put!.params).toEqual({ slug: 'shortbread' })
    const body = put!.body
    expect(body).toMatchObject({
      id: shortbread().id,
      userId: owner,
      name: 'Scones',
      description: 'Buttery.',
      recipeServings: 4,
      totalTime: '1 hour',
      orgURL: 'https://example.com/shortbread',
      tags: [{ name: 'Baking', slug: 'baking' }],
      settings: { public: true, locked: false },
    })
    expect(body.recipeIngredient).toEqual([
      expect.objectContaining({ referenceId: secondReference, quantity: 0.5, food: { id: sugarId, name: 'sugar' } }),
      expect.objectContaining({
        referenceId: firstReference,
        quantity: 2,
        unit: { id: cupId, name: 'cup' },
        food: { id: flourId, name: 'flour' },
        note: 'sifted',
        originalText: '2 cups flour, sifted',
      }),
    ])
    expect(body.recipeInstructions).toEqual([
      {
        id: stepId,
        title: null,
        summary: null,
        text: 'Rub the flour into the butter.!',
        ingredientReferences: [{ referenceId: firstReference }],
      },
    ])
    // Every key on the wire is camelCase, as Mealie's own client sends it.
    expect(JSON.stringify(body)).not.toMatch(/"[a-z]+_[a-z_]+":/)
  })

  it('never saves or leaves when Enter is pressed in a field, a half-typed food included', async () => {
    const server = answerSaves(fakeServer()).answer(listFoods, {
      body: paginated([makeFood('flour', { id: flourId })]),
    })
    const { user, onDone } = await openEditor()

    const name = screen.getByRole('textbox', { name: /^Name/ })
    await user.type(name, ' deluxe{Enter}')
    const food = screen.getAllByLabelText('Food').filter((element) => element.tagName === 'INPUT')[1]!
    await user.click(food)
    await user.type(food, 'butt{Enter}')
    await user.type(screen.getAllByRole('textbox', { name: 'Note' })[0]!, ' well{Enter}')

    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.calls(updateRecipe)).toHaveLength(0)
    expect(onDone).not.toHaveBeenCalled()
    expect(name).toHaveValue('Shortbread deluxe')
    // The Save button still saves.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateRecipe)).toHaveLength(1))
  })

  it('shows a new, empty recipe with hints where its ingredients and steps go', async () => {
    fakeServer()
    await openEditor({ recipe: shortbread({ recipeIngredient: [], recipeInstructions: [] }) })
    expect(screen.getByText(/paste a list with one ingredient per line/)).toBeInTheDocument()
    expect(screen.getByText(/steps understand Markdown/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Instructions' })).not.toBeInTheDocument()
  })

  it('moves a row with the up and down buttons, the way phones reorder', async () => {
    const server = answerSaves(fakeServer())
    const { user } = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Move Ingredient 1 down' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateRecipe)).toHaveLength(1))
    const references = server
      .calls(updateRecipe)[0]!
      .body.recipeIngredient?.map((item) => (typeof item === 'string' ? item : item.referenceId))
    expect(references).toEqual([secondReference, firstReference])
  })

  it('creates a missing unit from the autocomplete and saves the ingredient with it', async () => {
    const created = makeUnit('pinch', { id: '00000000-0000-4000-8000-0000000000c9' })
    const server = answerSaves(fakeServer())
      .answer(listUnits, { body: paginated([cup()]) })
      .answer(createUnit, { status: 201, body: created })
    const { user } = await openEditor({ user: { canOrganize: true } })

    const unit = unitInputs()[1]!
    await user.click(unit)
    await user.type(unit, 'pinch')
    // The list is searched on the server as the person types.
    await waitFor(() =>
      expect(server.calls(listUnits).some((request) => request.search.get('search') === 'pinch')).toBe(true),
    )
    await user.click(await screen.findByRole('option', { name: 'Create “pinch”', hidden: true }))
    await waitFor(() => expect(server.calls(createUnit)).toHaveLength(1))
    expect(server.calls(createUnit)[0]!.body).toEqual({ name: 'pinch' })

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateRecipe)).toHaveLength(1))
    expect(server.calls(updateRecipe)[0]!.body.recipeIngredient?.[1]).toMatchObject({
      referenceId: secondReference,
      unit: { id: created.id, name: 'pinch' },
    })
  })

  it('explains a refused unit creation (403) instead of failing silently', async () => {
    fakeServer()
      .answer(listUnits, { body: paginated([]) })
      .answer(createUnit, {
        status: 403,
        body: { detail: { message: 'Forbidden', error: true, exception: null } },
      })
    const { user } = await openEditor({ user: { canOrganize: true } })
    const unit = unitInputs()[1]!
    await user.click(unit)
    await user.type(unit, 'pinch')
    await user.click(await screen.findByRole('option', { name: 'Create “pinch”', hidden: true }))
    expect(await screen.findByText(/Your account may not add units/)).toBeInTheDocument()
  })

  it('does not offer to create units to someone who may not organize', async () => {
    fakeServer().answer(listUnits, { body: paginated([cup()]) })
    const { user } = await openEditor({ user: { canOrganize: false } })
    const unit = unitInputs()[1]!
    await user.click(unit)
    await user.type(unit, 'pinch')
    await waitFor(() => expect(screen.queryByRole('option', { name: /Create/, hidden: true })).not.toBeInTheDocument())
  })

  it('adds one ingredient per pasted line, as its note', async () => {
    const server = answerSaves(fakeServer())
    const { user } = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Paste many lines' }))
    const box = await screen.findByRole('textbox', { name: /Ingredients, one per line/ })
    fireEvent.change(box, { target: { value: '- 1 tsp salt\n\n2. a pinch of nutmeg\n' } })
    await user.click(screen.getByRole('button', { name: 'Add the lines' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.calls(updateRecipe)).toHaveLength(1))
    const rows = server.calls(updateRecipe)[0]!.body.recipeIngredient ?? []
    expect(rows).toHaveLength(4)
    expect(rows.slice(2)).toEqual([
      expect.objectContaining({ note: '1 tsp salt', quantity: null, unit: null, food: null }),
      expect.objectContaining({ note: 'a pinch of nutmeg' }),
    ])
  })

  it('uploads a picked image as multipart image + extension at once', async () => {
    const server = fakeServer().answer(uploadRecipeImage, { body: { image: 'k3y' } })
    const { user } = await openEditor()
    const file = new File(['fake'], 'Shortbread.JPG', { type: 'image/jpeg' })
    const input = document.querySelector<HTMLInputElement>('input[type="file"][accept^="image/"]')!
    await user.upload(input, file)
    await waitFor(() => expect(server.calls(uploadRecipeImage)).toHaveLength(1))
    const request = server.calls(uploadRecipeImage)[0]!
    expect(request.method).toBe('PUT')
    expect(request.params).toEqual({ slug: 'shortbread' })
    const body = request.body as unknown as Record<string, unknown>
    expect(body.extension).toBe('jpg')
    expect(body.image).toMatchObject({ type: 'image/jpeg', size: 4 })
  })

  it("names a step's ingredients as the recipe page does, with fractions rather than decimals", async () => {
    fakeServer()
    const thirdOfACup = makeIngredient({
      referenceId: firstReference,
      quantity: 1 / 3,
      unit: cup(),
      food: makeFood('flour', { id: flourId }),
    })
    await openEditor({ recipe: shortbread({ recipeIngredient: [thirdOfACup] }) })
    // The step's chosen ingredient shows as a pill of the "ingredients used" picker (and in its hidden option list).
    expect(screen.getAllByText('¹/₃ cup flour').length).toBeGreaterThan(0)
    expect(screen.queryByText(/0\.333/)).toBeNull()
  })

  it('previews markdown with raw HTML shown as text, never as elements', async () => {
    fakeServer()
    const hostile = 'Mix **well**. <script>window.hacked = true</script> <img src=x onerror="window.hacked = true">'
    const { user } = await openEditor({
      recipe: shortbread({
        recipeInstructions: [{ id: stepId, title: null, summary: null, text: hostile, ingredientReferences: [] }],
      }),
    })
    await user.click(screen.getByRole('radio', { name: 'Preview' }))
    const preview = await screen.findByTestId('step-preview')
    expect(within(preview).getByText('well').tagName).toBe('STRONG')
    expect(preview.querySelector('script, img, [onerror]')).toBeNull()
    expect(preview.textContent).toContain('<script>window.hacked = true</script>')
    expect(preview.textContent).toContain('<img src=x onerror="window.hacked = true">')
    expect((window as { hacked?: boolean }).hacked).toBeUndefined()
  })

  it('shows the server’s 422 problems next to the fields they name', async () => {
    // A 422 is FastAPI's validation answer, which every endpoint may give: fetch answers it as the server would.
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            {
              detail: [
                { loc: ['body', 'recipeIngredient', 0, 'note'], msg: 'Too long', type: 'too_big' },
                { loc: ['body', 'extras', 'x'], msg: 'Not text', type: 'invalid_type' },
              ],
            },
            { status: 422 },
          ),
        ),
      ),
    )
    const { user, onDone } = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Too long')).toBeInTheDocument()
    expect(screen.getAllByRole('textbox', { name: 'Note' })[0]).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText(/Not text/)).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
  })
})

describe('the JSON editor', { timeout: 40_000 }, () => {
  it('is only offered to advanced users', async () => {
    fakeServer()
    await openEditor({ user: { advanced: false } })
    expect(screen.queryByRole('button', { name: 'Edit as JSON' })).not.toBeInTheDocument()
  })

  it('refuses invalid JSON and wrong types with their place, and applies a valid recipe to the form', async () => {
    fakeServer()
    const { user } = await openEditor({ user: { advanced: true } })
    await user.click(screen.getByRole('button', { name: 'Edit as JSON' }))
    const textarea = await screen.findByRole('textbox', { name: 'Recipe JSON' })
    const current = JSON.parse((textarea as HTMLTextAreaElement).value) as Record<string, unknown>
    expect(current).toMatchObject({ name: 'Shortbread', recipeServings: 4 })

    fireEvent.change(textarea, { target: { value: '{ "name": "Broken", ' } })
    await user.click(screen.getByRole('button', { name: 'Apply to the form' }))
    expect(await screen.findByText(/This is not valid JSON/)).toBeInTheDocument()

    fireEvent.change(textarea, {
      target: { value: JSON.stringify({ ...current, recipeServings: 'four', recipeIngredient: {} }) },
    })
    await user.click(screen.getByRole('button', { name: 'Apply to the form' }))
    const problems = await screen.findByRole('alert')
    expect(within(problems).getByText('recipeServings')).toBeInTheDocument()
    expect(within(problems).getByText('recipeIngredient')).toBeInTheDocument()

    fireEvent.change(textarea, {
      target: { value: JSON.stringify({ ...current, name: 'Millionaire shortbread', recipeServings: 12 }) },
    })
    await user.click(screen.getByRole('button', { name: 'Apply to the form' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Millionaire shortbread'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Servings' })).toHaveValue('12')
  })
})

describe('the unsaved-changes guard', { timeout: 40_000 }, () => {
  it('lets a clean editor go at once', async () => {
    fakeServer()
    const { user, onDone } = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onDone).toHaveBeenCalledWith('shortbread')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home')
  })

  it('asks before a link or Cancel throws edits away, and stays when told to', async () => {
    fakeServer()
    const { user, onDone } = await openEditor()
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' deluxe')

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/g/home/r/shortbread?edit=true')
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Shortbread deluxe')

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(onDone).toHaveBeenCalledWith('shortbread')

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/g\/home$/))
  })

  it("asks before the browser's Back button throws edits away, stays, then goes back when told to", async () => {
    fakeServer()
    session.store.set({ status: 'authenticated', user: makeUser({ id: owner }) })
    const user = userEvent.setup({ delay: null })
    // The app's own router on jsdom's history: the group page, then the editor opened from it.
    await renderWithApp(
      <>
        <RecipeEditor recipe={shortbread()} onDone={vi.fn()} />
        <Link to="/g/home/r/shortbread?edit=true">Edit</Link>
        <CurrentLocation />
      </>,
      { path: '/g/home', history: 'browser' },
    )
    await screen.findByRole('button', { name: 'Save' })
    const location = () => screen.getByTestId('location')
    // History steps land a task later, and the router renders them in a transition: room for a loaded machine.
    const settled = { timeout: 5000 }
    await user.click(screen.getByRole('link', { name: 'Edit' }))
    expect(location()).toHaveTextContent('/g/home/r/shortbread?edit=true')

    // Clean: Back goes back at once.
    act(() => window.history.back())
    await waitFor(() => expect(location()).toHaveTextContent(/^\/g\/home$/), settled)
    act(() => window.history.forward())
    await waitFor(() => expect(location()).toHaveTextContent('/g/home/r/shortbread?edit=true'), settled)

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' deluxe')
    // The guard is on once the tab close is guarded too (the same effect): a person cannot press Back sooner.
    await waitFor(() => {
      const closing = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(closing)
      expect(closing.defaultPrevented).toBe(true)
    })
    act(() => window.history.back())
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' }, settled)).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe('/g/home/r/shortbread'), settled)
    expect(location()).toHaveTextContent('/g/home/r/shortbread?edit=true')
    await user.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Shortbread deluxe')

    act(() => window.history.back())
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }, settled))
    await waitFor(() => expect(location()).toHaveTextContent(/^\/g\/home$/), settled)
    expect(window.location.pathname).toBe('/g/home')
  })

  it('asks the browser to confirm closing the tab while edits are unsaved', async () => {
    fakeServer()
    const { user } = await openEditor()
    const clean = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(clean)
    expect(clean.defaultPrevented).toBe(false)
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '!')
    const dirty = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(dirty)
    expect(dirty.defaultPrevented).toBe(true)
  })
})

describe('the recipe editor, when someone else saves the recipe meanwhile', { timeout: 40_000 }, () => {
  async function openAndChangeElsewhere(changed: Recipe) {
    session.store.set({ status: 'authenticated', user: makeUser({ id: owner }) })
    const server = answerSaves(fakeServer())
    const onDone = vi.fn()
    const user = userEvent.setup({ delay: null })
    const view = await renderWithApp(<RecipeEditor recipe={shortbread()} onDone={onDone} />, {
      path: '/g/home/r/shortbread?edit=true',
    })
    await screen.findByRole('button', { name: 'Save' })
    await user.type(screen.getByRole('textbox', { name: 'Instructions' }), ' Chill first.')
    // The recipe's query, refreshed by /api/live, hands the editor the other person's save.
    view.rerender(<RecipeEditor recipe={changed} onDone={onDone} />)
    return { server, onDone, user }
  }

  it('says so, saves nothing over it until the person chooses, and can load their version', async () => {
    const theirs = shortbread({ description: 'Buttery and short.', updatedAt: '2026-11-28T18:00:00Z' })
    const { server, user } = await openAndChangeElsewhere(theirs)
    expect(await screen.findByText('Someone else changed this recipe')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(server.calls(updateRecipe)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Load their version' }))
    expect(screen.queryByText('Someone else changed this recipe')).toBeNull()
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Buttery and short.')
  })

  it('saves the person’s version once they choose to keep it', async () => {
    const theirs = shortbread({ description: 'Buttery and short.', updatedAt: '2026-11-28T18:00:00Z' })
    const { server, user, onDone } = await openAndChangeElsewhere(theirs)
    await user.click(await screen.findByRole('button', { name: 'Keep editing mine' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(server.calls(updateRecipe)).toHaveLength(1)
  })

  it('stays quiet when only what the editor stores itself changed (a new picture)', async () => {
    const withPicture = shortbread({ image: 'a1b2', updatedAt: '2026-11-28T18:00:00Z' })
    await openAndChangeElsewhere(withPicture)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Someone else changed this recipe')).toBeNull()
  })
})
