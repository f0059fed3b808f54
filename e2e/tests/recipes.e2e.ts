import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { crc32, deflateSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from '../src/browser.js'
import { apiToken, callApi, defaultAdmin, json, larderUrl, seedRecipe, signedIn } from './session.js'

const group = 'home'

/** A small valid PNG (solid colour), built by hand: signature, IHDR, one IDAT, IEND. */
function tinyPng(width = 8, height = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [230, 180, 40]).flat())])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function adminToken() {
  return apiToken(defaultAdmin.email, defaultAdmin.password)
}

interface Organizer {
  id: string
  name: string
  slug: string
}

async function seedTag(token: string, name: string): Promise<Organizer> {
  return json<Organizer>(await callApi(token, 'POST', '/api/organizers/tags', { name }), 201, `creating tag ${name}`)
}

/** Polls `check` until it holds (the page shows the previous answer until the next one arrives). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${check.toString()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The texts of the recipe page's ingredient list, section titles included, in order. */
async function ingredientTexts(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('ingredient-list').getByRole('listitem').allInnerTexts()
  return texts.map((text) => text.replace(/\s+/g, ' ').trim())
}

describe('recipes', () => {
  let browser: Browser
  let preferences: Record<string, unknown>
  before(async () => {
    browser = await launchBrowser()
    // Amounts on: the household default (Mealie's) shows quantities as written and does not scale them.
    const token = await adminToken()
    preferences = await json(await callApi(token, 'GET', '/api/households/preferences'), 200, 'reading preferences')
    await json(
      await callApi(token, 'PUT', '/api/households/preferences', { ...preferences, recipeDisableAmount: false }),
      200,
      'writing preferences',
    )
  })
  after(async () => {
    await browser.close()
    // Later test files find the household as they would without this one.
    await json(
      await callApi(await adminToken(), 'PUT', '/api/households/preferences', preferences),
      200,
      'restoring preferences',
    )
  })

  it('creates, edits, scales, cooks, shares and deletes a recipe', { timeout: 120_000 }, async () => {
    const { page, close } = await signedIn(browser, `/g/${group}/r/create/new`)
    await page.getByLabel('Recipe name').fill('Lemon Drizzle Cake')
    await page.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL((url) => url.pathname === `/g/${group}/r/lemon-drizzle-cake` && url.search === '?edit=true')
    await page.getByRole('heading', { name: 'Edit recipe' }).waitFor()

    await page.getByLabel('Servings', { exact: true }).fill('2')

    // A recipe written on the web starts empty, with hints instead of Mealie's filler; three ingredients come.
    const ingredients = page.getByRole('region', { name: 'Ingredients' })
    await ingredients.getByText(/^No ingredients yet\./).waitFor()
    for (let count = 0; count < 3; count++) {
      await ingredients.getByRole('button', { name: 'Add ingredient' }).click()
    }
    await ingredients.getByRole('button', { name: 'Start a section at Ingredient 1' }).click()
    await ingredients.getByRole('textbox', { name: 'Section title' }).fill('Batter')
    const quantity = ingredients.getByLabel('Quantity')
    const note = ingredients.getByLabel('Note', { exact: true })
    await quantity.nth(0).fill('200')
    const food = ingredients.getByLabel('Food', { exact: true }).nth(0)
    await food.click()
    await food.fill('self-raising flour')
    await page.getByRole('option', { name: 'Create “self-raising flour”' }).click()
    await food.and(page.locator('[value="self-raising flour"]')).waitFor()
    await quantity.nth(1).fill('2')
    await note.nth(1).fill('lemons, zested')
    await quantity.nth(2).fill('150')
    await note.nth(2).fill('caster sugar')
    // Sugar before the lemons: move ingredient 3 up with its button.
    await ingredients.getByRole('button', { name: 'Move Ingredient 3 up' }).click()
    assert.equal(await note.nth(1).inputValue(), 'caster sugar')
    assert.equal(await note.nth(2).inputValue(), 'lemons, zested')
    // And back and forth by keyboard, on the drag handle: Space, arrow, Space.
    const handle = (number: number) => ingredients.getByRole('button', { name: `Drag Ingredient ${number}` })
    await handle(2).focus()
    await page.keyboard.press('Space')
    // dnd-kit announces the pick-up, then at once the position it is over (its own): the live region holds the latter.
    await page.getByText('Moved to position 2.').waitFor({ state: 'attached' })
    // dnd-kit listens for the arrow keys from a task it queues at pick-up (setTimeout 0): a task queued now runs after
    // it, so the arrow is not pressed before anything listens (CI lost it once).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await page.keyboard.press('ArrowDown')
    await page.getByText('Moved to position 3.').waitFor({ state: 'attached' })
    await page.keyboard.press('Space')
    await page.getByText('Dropped at position 3.').waitFor({ state: 'attached' })
    assert.equal(await note.nth(1).inputValue(), 'lemons, zested')
    assert.equal(await note.nth(2).inputValue(), 'caster sugar')
    await ingredients.getByRole('button', { name: 'Move Ingredient 3 up' }).click()
    assert.equal(await note.nth(1).inputValue(), 'caster sugar')
    assert.equal(await note.nth(2).inputValue(), 'lemons, zested')

    const steps = page.getByRole('region', { name: 'Steps' })
    await steps.getByText(/^No steps yet\./).waitFor()
    await steps.getByRole('button', { name: 'Add step' }).click()
    await steps.getByRole('button', { name: 'Add step' }).click()
    const stepText = steps.getByLabel('Instructions')
    await stepText.nth(0).fill('Beat the flour, sugar and lemon zest together.')
    await stepText.nth(1).fill('Bake for 10 minutes until golden.')

    // The image is stored at once, without the save.
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Upload image' }).click()
    await (await chooser).setFiles({ name: 'cake.png', mimeType: 'image/png', buffer: tinyPng() })
    await page.getByText('Image saved').waitFor()
    await page.getByRole('img', { name: 'Picture of Lemon Drizzle Cake' }).waitFor()

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/g/${group}/r/lemon-drizzle-cake` && url.search === '')
    await page.getByRole('heading', { name: 'Lemon Drizzle Cake' }).waitFor()
    await page.getByTestId('ingredient-list').waitFor()
    assert.deepEqual(await ingredientTexts(page), [
      'Batter',
      '200 self-raising flour',
      '150 caster sugar',
      '2 lemons, zested',
    ])

    // Twice the servings, twice the amounts.
    await page.getByRole('button', { name: 'More servings' }).click()
    await page.getByRole('button', { name: 'More servings' }).click()
    await page.getByTestId('servings-value').filter({ hasText: 'Servings: 4' }).waitFor()
    assert.deepEqual(await ingredientTexts(page), [
      'Batter',
      '400 self-raising flour',
      '300 caster sugar',
      '4 lemons, zested',
    ])

    // Cook mode: the second step offers its timer, which counts down once started.
    await page.getByRole('button', { name: 'Cook', exact: true }).first().click()
    const cook = page.getByTestId('cook-mode')
    await cook.getByTestId('cook-progress').filter({ hasText: 'Step 1 of 2' }).waitFor()
    await cook.getByRole('button', { name: 'Next' }).click()
    await cook.getByTestId('cook-progress').filter({ hasText: 'Step 2 of 2' }).waitFor()
    await cook.getByText('Bake for 10 minutes until golden.').waitFor()
    await cook.getByRole('button', { name: 'Timer 10 min' }).click()
    const timer = page.getByRole('timer', { name: /^Time left for 10 minutes/ })
    await timer.waitFor()
    const first = await timer.innerText()
    await page.waitForFunction(
      (before) => {
        const shown = document.querySelector('[role="timer"]')?.textContent
        return shown !== undefined && shown !== before
      },
      first,
      { timeout: 5_000 },
    )
    const later = await timer.innerText()
    const seconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0)
    assert.ok(seconds(later) < seconds(first), `the timer counts down: ${first} then ${later}`)
    assert.ok(seconds(first) <= 600 && seconds(first) > 590, `a ten-minute timer starts near 10:00 (${first})`)
    await page.getByRole('button', { name: 'Exit cook mode' }).click()
    await cook.waitFor({ state: 'hidden' })

    // Share through the dialog: a share link made there opens the recipe in a signed-out browser, which cannot read
    // the recipe any other way.
    const token = await adminToken()
    const recipe = await json<{ image: string | null }>(
      await callApi(token, 'GET', '/api/recipes/lemon-drizzle-cake'),
      200,
      'reading the recipe',
    )
    assert.ok(recipe.image, 'the uploaded image is the recipe image')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    const shareDialog = page.getByRole('dialog', { name: 'Share “Lemon Drizzle Cake”' })
    await shareDialog.getByRole('button', { name: 'Create share link' }).click()
    const shareLink = await shareDialog.getByRole('textbox', { name: 'Share link', exact: true }).inputValue()
    assert.match(shareLink, new RegExp(`/g/${group}/shared/r/[0-9a-f-]{36}$`))
    await shareDialog.getByRole('button', { name: 'Close' }).click()
    await shareDialog.waitFor({ state: 'hidden' })
    const stranger = await openPage(browser, larderUrl())
    await stranger.page.goto(new URL(shareLink).pathname)
    await stranger.page.getByRole('heading', { name: 'Lemon Drizzle Cake' }).waitFor()
    await stranger.page.getByText('Beat the flour, sugar and lemon zest together.').waitFor()
    assert.equal((await stranger.context.request.get('/api/recipes/lemon-drizzle-cake')).status(), 401)
    await stranger.context.close()

    // Delete through the page's menu, confirmed; the explorer no longer lists it.
    await page.getByRole('button', { name: 'Recipe actions' }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this recipe?' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await page.waitForURL((url) => url.pathname === `/g/${group}`)
    await page.getByText('“Lemon Drizzle Cake” was deleted').waitFor()
    await page.getByLabel('Search recipes').fill('Lemon Drizzle')
    await page.getByText('Nothing matches').waitFor()
    assert.equal(await page.getByRole('link', { name: /Lemon Drizzle Cake/ }).count(), 0)
    assert.equal((await callApi(token, 'GET', '/api/recipes/lemon-drizzle-cake')).status, 404)
    await close()
  })

  it('finds a recipe by a misspelled search and filters by tag', { timeout: 60_000 }, async () => {
    const token = await adminToken()
    const [spicy, quick] = await Promise.all([seedTag(token, 'Spicy'), seedTag(token, 'Weeknight')])
    await seedRecipe(token, 'Shakshuka with Feta', { tags: [spicy, quick] })
    await seedRecipe(token, 'Chicken Vindaloo', { tags: [spicy] })
    await seedRecipe(token, 'Buttermilk Pancakes', { tags: [quick] })

    const { page, close } = await signedIn(browser, `/g/${group}`)
    const cards = page.getByRole('link', { name: /Shakshuka with Feta|Chicken Vindaloo|Buttermilk Pancakes/ })
    await cards.first().waitFor()

    await page.getByLabel('Search recipes').fill('shakshuak')
    await page.waitForURL((url) => url.searchParams.get('search') === 'shakshuak')
    // The grid keeps the previous results until the search answers: wait for the intended recipe to come first.
    await eventually(async () => (await cards.first().innerText()).includes('Shakshuka with Feta'))
    assert.match((await cards.first().innerText()).replace(/\s+/g, ' '), /Shakshuka with Feta/)

    await page.getByLabel('Clear search').click()
    await page.getByRole('button', { name: /^Filters/ }).click()
    const filters = page.getByRole('dialog', { name: 'Filter recipes' })
    await filters.getByLabel('Tags', { exact: true }).click()
    await page.getByRole('option', { name: 'Spicy' }).click()
    await filters.getByRole('button', { name: 'Show recipes' }).click()
    await filters.waitFor({ state: 'hidden' })
    await page.getByRole('link', { name: /Chicken Vindaloo/ }).waitFor()
    await page.getByRole('link', { name: /Buttermilk Pancakes/ }).waitFor({ state: 'detached' })
    const shown = (await cards.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))
    assert.equal(shown.length, 2, `only the spicy recipes: ${shown.join(' | ')}`)
    assert.ok(shown.some((text) => text.includes('Shakshuka with Feta')))
    assert.ok(shown.some((text) => text.includes('Chicken Vindaloo')))
    await close()
  })

  it('merges two foods through the merge dialog', { timeout: 60_000 }, async () => {
    const token = await adminToken()
    const scallion = await json<Organizer>(
      await callApi(token, 'POST', '/api/foods', { name: 'scallion' }),
      201,
      'creating scallion',
    )
    const greenOnion = await json<Organizer>(
      await callApi(token, 'POST', '/api/foods', { name: 'green onion' }),
      201,
      'creating green onion',
    )
    const slug = await seedRecipe(token, 'Scallion Pancakes', {
      recipeIngredient: [{ referenceId: randomUUID(), quantity: 3, food: { id: scallion.id }, note: 'sliced' }],
    })

    const { page, close } = await signedIn(browser, '/group/data/foods')
    await page.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Merge foods' }).click()
    const dialog = page.getByRole('dialog', { name: 'Merge foods' })
    await dialog.getByLabel('Food to merge away').click()
    await page.getByRole('option', { name: 'scallion', exact: true }).click()
    await dialog.getByLabel('Food to keep').click()
    await page.getByRole('option', { name: 'green onion', exact: true }).click()
    await dialog.getByTestId('merge-summary').filter({ hasText: 'Every ingredient that uses “scallion”' }).waitFor()
    await dialog.getByRole('button', { name: 'Merge' }).click()
    await dialog.waitFor({ state: 'hidden' })

    const recipe = await json<{ recipeIngredient: { food: { id: string; name: string } | null }[] }>(
      await callApi(token, 'GET', `/api/recipes/${slug}`),
      200,
      'reading the recipe',
    )
    assert.deepEqual(
      recipe.recipeIngredient.map((ingredient) => ingredient.food?.id),
      [greenOnion.id],
    )
    assert.equal((await callApi(token, 'GET', `/api/foods/${scallion.id}`)).status, 404)
    await close()
  })

  it('fills a cookbook from the tag filter built in its dialog', { timeout: 60_000 }, async () => {
    const token = await adminToken()
    const tag = await seedTag(token, 'Holiday Baking')
    await seedRecipe(token, 'Stollen', { tags: [tag] })
    await seedRecipe(token, 'Plain Toast')

    const { page, close } = await signedIn(browser, `/g/${group}/cookbooks`)
    await page.getByRole('button', { name: 'New cookbook' }).click()
    const dialog = page.getByRole('dialog', { name: 'New cookbook' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Holidays')
    await dialog.getByRole('button', { name: 'Add a condition' }).click()
    await dialog.getByRole('combobox', { name: 'Attribute of condition 1' }).click()
    await page.getByRole('option', { name: 'Tags', exact: true }).click()
    await dialog.getByRole('combobox', { name: 'Value of condition 1' }).click()
    await page.getByRole('option', { name: 'Holiday Baking', exact: true }).click()
    await dialog
      .getByTestId('filter-string')
      .filter({ hasText: `tags.id IN ["${tag.id}"]` })
      .waitFor()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await page.getByRole('link', { name: 'Holidays' }).click()
    await page.waitForURL((url) => url.pathname === `/g/${group}/cookbooks/holidays`)
    await page.getByRole('link', { name: /Stollen/ }).waitFor()
    assert.equal(await page.getByRole('link', { name: /Plain Toast/ }).count(), 0)
    await close()
  })
})
