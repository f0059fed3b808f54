import { describe, expect, it } from 'vitest'
import { appStateRecipeFor, appStateRecipes } from './app-state-recipe.js'
import { parsePage } from './page-document.js'
import { scrapePage } from './page-recipe.js'

const pageWith = (body: string) => parsePage(`<!doctype html><html><head></head><body>${body}</body></html>`)
const linesOf = (body: string, title = '') =>
  appStateRecipeFor(pageWith(body), title)?.ingredients.map(({ title, line }) => (title ? `[${title}] ${line}` : line))

/** An attribute value as a server writes JSON into HTML: quotes escaped. */
const attribute = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')

describe('the app-state reader: where pages keep their state', () => {
  it('reads a Next.js data script, the recipe deep inside the page props', () => {
    const state = {
      props: {
        pageProps: {
          recipe: {
            title: 'Lemon cake',
            ingredients: ['200 g flour', '2 eggs', 'Zest of 1 lemon'],
            instructions: [{ text: 'Mix everything.' }, { text: 'Bake for 40 minutes.' }],
          },
        },
      },
    }
    const [recipe] = appStateRecipes(
      pageWith(`<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script>`),
    )
    expect(recipe).toEqual({
      name: 'Lemon cake',
      ingredients: [
        { title: '', line: '200 g flour' },
        { title: '', line: '2 eggs' },
        { title: '', line: 'Zest of 1 lemon' },
      ],
      steps: [
        { title: '', text: 'Mix everything.' },
        { title: '', text: 'Bake for 40 minutes.' },
      ],
    })
  })

  it('reads a state assigned in a script, without running it, and ignores the code around it', () => {
    const script = `window.dataLayer = [];
      window.__INITIAL_STATE__ = {"recipe":{"name":"Soup","zutaten":[{"menge":500,"einheit":"g","name":"Kartoffeln"},
      {"menge":1,"einheit":"l","name":"Brühe","notiz":"heiß"},{"menge":2,"name":"Zwiebeln"}]}};
      (function () { document.title = 'x' })()`
    expect(linesOf(`<script>${script}</script>`, 'Soup')).toEqual(['500 g Kartoffeln', '1 l Brühe', '2 Zwiebeln'])
  })

  it('reads JSON an element carries in an attribute (Inertia, component props), with its groups as headings', () => {
    const state = {
      component: 'Recipe',
      props: {
        recipe: {
          name: 'Trifle',
          ingredientGroups: [
            { title: 'Compote:', ingredients: [{ formattedAmount: '3', formattedName: 'Apples' }] },
            {
              title: 'Crumble',
              ingredients: [
                { formattedAmount: '1 dl', formattedName: 'Flour' },
                { formattedAmount: '75 g', formattedName: 'Butter', note: 'cold' },
              ],
            },
            { title: null, ingredients: [{ formattedAmount: '½ l', formattedName: 'Ice cream' }] },
          ],
        },
      },
    }
    expect(linesOf(`<div id="app" data-page="${attribute(state)}"></div>`, 'Trifle')).toEqual([
      '[Compote] 3 Apples',
      '[Crumble] 1 dl Flour',
      '75 g Butter (cold)',
      '½ l Ice cream',
    ])
  })

  it('does not read JSON-LD, templates or scripts that never mention ingredients', () => {
    const recipe = JSON.stringify({ name: 'Cake', ingredients: ['1 egg', '2 cups flour'] })
    const body =
      `<script type="application/ld+json">${recipe}</script>` +
      `<script type="text/template">${recipe}</script>` +
      `<script>window.config = {"name":"Cake","items":["1 egg","2 cups flour"]}</script>`
    expect(appStateRecipes(pageWith(body))).toEqual([])
  })
})

describe('the app-state reader: ingredients in parts', () => {
  it('puts a quantity kept apart from the rest of the line in front of it', () => {
    const state = {
      ingredients: [
        { quantity: '1 1/2', text: 'cups flour' },
        { quantity: '1', text: '1 egg' },
      ],
    }
    expect(linesOf(`<script type="application/json">${JSON.stringify(state)}</script>`)).toEqual([
      '1 1/2 cups flour',
      '1 egg',
    ])
  })

  it('scales amounts stored per serving, drops piece units and picks the forms the amount calls for', () => {
    const unit = (singular: string, plural: string, abbreviation: string | null = null) => ({
      name_singular: singular,
      name_plural: plural,
      abbreviation,
    })
    const food = (singular: string, plural: string) => ({ name_singular: singular, name_plural: plural })
    const recipe = {
      title: 'Pie',
      serving_size: 4,
      grouped_ingredients: [
        {
          title: null,
          ingredients: [
            { amount: 0.5, unit: unit('stilk', 'stilke'), ingredient: food('selleri', 'selleri') },
            { amount: 0.5, unit: unit('stk.', 'stk.', 'stk.'), ingredient: food('gulerod', 'gulerødder') },
            { amount: 0.25, unit: unit('stk.', 'stk.', 'stk.'), ingredient: food('æg', 'æg'), suffix: 'til pensling' },
            { amount: 12.5, unit: unit('gram', 'gram', 'g'), ingredient: food('smør', 'smør') },
            {
              amount: 50,
              unit: unit('gram', 'gram', 'g'),
              ingredient: food('ært', 'ærter'),
              ingredient_inflection: 'plural',
            },
            { amount: null, unit: null, ingredient: food('salt', 'salt') },
          ],
        },
      ],
    }
    expect(linesOf(`<div data-props="${attribute({ recipe })}"></div>`, 'Pie')).toEqual([
      '2 stilke selleri',
      '2 gulerødder',
      '1 æg til pensling',
      '50 g smør',
      '200 g ærter',
      'salt',
    ])
  })

  it('leaves amounts alone when most of them are whole: the recipe is stored as a whole', () => {
    const recipe = {
      name: 'Pancakes',
      servings: 4,
      ingredients: [
        { amount: 4, unit: 'stk', name: 'egg' },
        { amount: 2.5, unit: 'dl', name: 'mel' },
        { amount: 1, unit: 'l', name: 'melk' },
        { amount: 2, unit: 'ss', name: 'smør' },
      ],
    }
    expect(linesOf(`<script type="application/json">${JSON.stringify(recipe)}</script>`, 'Pancakes')).toEqual([
      '4 egg',
      '2.5 dl mel',
      '1 l melk',
      '2 ss smør',
    ])
  })
})

describe('the app-state reader: what it refuses', () => {
  const script = (value: unknown) => `<script type="application/json">${JSON.stringify(value)}</script>`

  it('takes no other recipe than the page’s: a related one with another name is not the page’s', () => {
    const related = { name: 'Another cake', ingredients: ['1 egg', '2 cups flour'] }
    expect(appStateRecipeFor(pageWith(script({ related: [related] })), 'Lemon cake')).toBeUndefined()
  })

  it('does not take a list of foods without quantities (tags, a search index) for ingredient lines', () => {
    const tags = { name: 'Salad', ingredients: [{ name: 'carrot' }, { name: 'orange' }, { name: '35% cream' }] }
    expect(appStateRecipes(pageWith(script(tags)))).toEqual([])
  })

  it('survives wrong types under the vocabulary it looks for', () => {
    const wrong = {
      ingredients: 'not a list',
      recipe: { name: 12, ingredients: [null, 3, true, {}, [], { amount: 'x' }, { name: { deep: [] } }] },
      steps: { ingredients: 42 },
    }
    expect(() => appStateRecipes(pageWith(script(wrong)))).not.toThrow()
    expect(appStateRecipes(pageWith(script(wrong)))).toEqual([])
  })

  it('reads the whole items that came before the point where a blob breaks off', () => {
    const text = JSON.stringify({ recipe: { name: 'Cut', ingredients: ['1 egg', '2 cups flour', '3 tbsp oil'] } })
    const cut = `${text.slice(0, text.indexOf('3 tbsp'))}3 tb`
    expect(linesOf(`<script type="application/json">${cut}</script>`, 'Cut')).toEqual(['1 egg', '2 cups flour'])
  })

  it('stays bounded on a huge state: a million-item list, deep nesting, a blob over the size limit', () => {
    const huge = { items: Array.from({ length: 1_000_000 }, (_, index) => ({ id: index })), ingredients: [] }
    let deep = '{"ingredients":["1 egg","2 cups flour"]}'
    for (let level = 0; level < 5_000; level++) deep = `{"a":${deep}}`
    const oversize = JSON.stringify({ name: 'Big', ingredients: ['1 egg', '2 cups flour'], pad: 'x'.repeat(5_100_000) })
    const started = process.hrtime.bigint()
    const recipes = appStateRecipes(
      pageWith(script(huge) + `<script type="application/json">${deep}</script>` + script(JSON.parse(oversize))),
    )
    expect(recipes).toEqual([])
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(5_000)
  })
})

describe('the app state in the import', () => {
  const jsonLd = (recipe: Record<string, unknown>) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: 'Trifle', ...recipe })}</script>`
  const groups = [
    { title: 'Compote', ingredients: [{ formattedAmount: '3', formattedName: 'Apples' }] },
    { title: 'Crumble', ingredients: [{ formattedAmount: '1 dl', formattedName: 'Flour' }] },
  ]
  const scrape = (html: string) => scrapePage(html, 'https://example.test/trifle')

  it('gives the ingredients when the structured data has none', () => {
    const { recipe, warnings } = scrape(
      jsonLd({}) + `<div data-model="${attribute({ ingredientGroups: groups })}"></div>`,
    )
    expect(recipe?.ingredients).toEqual([
      { title: 'Compote', line: '3 Apples' },
      { title: 'Crumble', line: '1 dl Flour' },
    ])
    expect(warnings).toContain('The ingredients were read from the page’s app state, not its structured data')
  })

  it('gives back the groups the structured data lost, when its lines are the same', () => {
    const html =
      jsonLd({ recipeIngredient: ['3 apples', '1 dl flour'] }) +
      `<div data-model="${attribute({ ingredientGroups: groups })}"></div>`
    expect(scrape(html).recipe?.ingredients).toEqual([
      { title: 'Compote', line: '3 Apples' },
      { title: 'Crumble', line: '1 dl Flour' },
    ])
  })

  it('keeps the structured lines when the app state’s differ in more than letter case', () => {
    const html =
      jsonLd({ recipeIngredient: ['3 apples, peeled', '1 dl flour'] }) +
      `<div data-model="${attribute({ ingredientGroups: groups })}"></div>`
    expect(scrape(html).recipe?.ingredients.map(({ line }) => line)).toEqual(['3 apples, peeled', '1 dl flour'])
  })
})
