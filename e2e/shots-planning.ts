// Screenshots of the meal planner (week view and edit, settings) and the shopping lists at phone and desktop widths,
// light and dark. Not a test: `pnpm build`, then `pnpm --filter @larder/e2e exec tsx shots-planning.ts <out dir>`.
import { withShotSession } from './src/shot-session.js'
import { shotVariants } from './src/shot-variants.js'
import { json, larderUrl, seedRecipe } from './tests/session.js'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

await withShotSession('/tmp/larder-shots/planning', async ({ token, out, openVariant }) => {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${larderUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const names = ['Leek and potato soup', 'Chicken tikka masala', 'Spaghetti carbonara', 'Green salad', 'Lemon tart']
  const recipes: { id: string; slug: string }[] = []
  for (const name of names) {
    const slug = await seedRecipe(token, name, {
      recipeServings: 4,
      recipeIngredient: ['2 leeks', '500 g potatoes', '1 l stock', '1 onion'].map((note) => ({ note })),
    })
    recipes.push(await json<{ id: string; slug: string }>(await send('GET', `/api/recipes/${slug}`), 200, 'recipe'))
  }
  const monday = new Date()
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
  for (let day = 0; day < 7; day++) {
    const date = new Date(monday)
    date.setUTCDate(monday.getUTCDate() + day)
    const recipe = recipes[day % recipes.length]!
    await json(
      await send('POST', '/api/households/mealplans', { date: isoDay(date), entryType: 'dinner', recipeId: recipe.id }),
      201,
      'plan entry',
    )
    if (day % 2 === 0)
      await json(
        await send('POST', '/api/households/mealplans', {
          date: isoDay(date),
          entryType: 'lunch',
          title: 'Leftovers',
          text: 'From the fridge',
        }),
        201,
        'note entry',
      )
  }
  const list = await json<{ id: string }>(
    await send('POST', '/api/households/shopping/lists', { name: 'Weekly shop' }),
    201,
    'list',
  )
  await json(
    await send('POST', `/api/households/shopping/lists/${list.id}/recipe/${recipes[0]!.id}`, {}),
    200,
    'recipe on list',
  )
  // Coffee beans already bought: the list's checked section shows a struck-through line.
  for (const note of ['Milk', 'Bread', '6 eggs', 'Coffee beans'])
    await json(
      await send('POST', '/api/households/shopping/items', {
        shoppingListId: list.id,
        note,
        quantity: 1,
        checked: note === 'Coffee beans',
      }),
      201,
      'item',
    )

  const screens = [
    ['planner-view', '/household/mealplan/planner/view', 'Today'],
    ['planner-edit', '/household/mealplan/planner/edit', 'Today'],
    ['planner-settings', '/household/mealplan/settings', null],
    ['shopping-lists', '/shopping-lists', 'Weekly shop'],
    ['shopping-list', `/shopping-lists/${list.id}`, 'Milk'],
    ['shopping-stores', '/household/shopping-stores', null],
  ] as const
  for (const variant of shotVariants) {
    const { page, close } = await openVariant(variant, '/household/mealplan/planner/view')
    for (const [name, path, waitText] of screens) {
      await page.goto(path)
      if (waitText) await page.getByText(waitText).first().waitFor({ timeout: 15_000 })
      await page.waitForTimeout(800)
      await page.screenshot({ path: `${out}/${name}-${variant.name}.png`, fullPage: name !== 'planner-edit' })
    }
    // The list's checked lines shown, and the keyboard's focus ring on a line's box.
    await page.goto(`/shopping-lists/${list.id}`)
    await page.getByRole('button', { name: /items? checked/ }).click()
    await page.getByRole('checkbox', { name: 'Coffee beans' }).waitFor()
    await page.getByRole('checkbox', { name: 'Bread' }).focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await page.waitForTimeout(500)
    await page.screenshot({ path: `${out}/shopping-list-checked-${variant.name}.png`, fullPage: true })
    // The planner's two dialogs: shop for these days (its preview), and a meal's edit (day, meal, servings).
    await page.goto('/household/mealplan/planner/edit')
    await page.getByRole('button', { name: 'Shop for these days' }).click()
    await page.getByRole('dialog').waitFor()
    await page.waitForTimeout(1500)
    await page.screenshot({ path: `${out}/shop-for-days-${variant.name}.png` })
    await page.keyboard.press('Escape')
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click()
    await page.getByRole('menuitem', { name: /^Edit/ }).click()
    await page.getByRole('dialog').waitFor()
    await page.waitForTimeout(800)
    await page.screenshot({ path: `${out}/edit-entry-${variant.name}.png` })
    await close()
  }
})
