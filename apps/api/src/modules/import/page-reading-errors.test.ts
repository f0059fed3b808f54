import { describe, expect, it } from 'vitest'
import { scrapePage } from './page-recipe.js'

/**
 * The error kinds issue #30 saw on recipe pages from sites the public corpus does not hold, each on a page written
 * here by hand in the markup such sites use: what ended up in the ingredients or steps that is not one.
 */

const visiblePage = (body: string) =>
  `<!doctype html><html><head><meta property="og:title" content="Leek soup"></head><body><h1>Leek soup</h1>${body}</body></html>`

const structuredPage = (recipe: Record<string, unknown>, body: string, head = '') =>
  `<!doctype html><html><head>${head}<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Leek soup',
    ...recipe,
  })}</script></head><body><h1>Leek soup</h1>${body}</body></html>`

const read = (html: string) => {
  const { recipe } = scrapePage(html, 'https://example.test/leek-soup')
  return {
    lines: recipe?.ingredients.map(({ line }) => line) ?? [],
    steps: recipe?.steps.map(({ text }) => text) ?? [],
  }
}

const method =
  '<h2>Method</h2><ol><li>Wash and slice the leeks.</li><li>Soften them in the butter, add the stock and simmer.</li></ol>'

describe('nutrition rows are not ingredients', () => {
  it('stops the ingredient section at a nutrition heading below it', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul><li>2 leeks</li><li>1 potato</li><li>1 l vegetable stock</li></ul>' +
          '<h3>Nutrition per serving</h3><ul><li>Calories: 180 kcal</li><li>Fat: 6 g</li><li>Protein: 4 g</li></ul>' +
          method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', '1 l vegetable stock'])
  })

  it('leaves out a nutrition table inside the block the page names its ingredients', () => {
    // The structured lines lost their quantities, so the table the page shows is read instead.
    const names = ['leeks', 'potato', 'vegetable stock', 'butter', 'thyme', 'cream']
    const amounts = ['2', '1', '1 l', '30 g', '2 sprigs', '100 ml']
    const rows = names.map((name, index) => `<tr><td>${amounts[index]}</td><td>${name}</td></tr>`).join('')
    const result = read(
      structuredPage(
        { recipeIngredient: names },
        `<div class="recipe-ingredients"><h2>Ingredients</h2><table>${rows}</table>` +
          '<h3>Nutrition facts</h3><table><tr><td>Energy</td><td>180 kcal</td></tr><tr><td>Fat</td><td>6 g</td></tr></table></div>' +
          method,
      ),
    )
    expect(result.lines).toEqual(names.map((name, index) => `${amounts[index]} ${name}`))
  })
})

describe('lines the page puts around its list do not replace the structured ones', () => {
  it('keeps the structured lines when the shown list that mends one of them also holds nutrition rows', () => {
    const structured = ['2 leeks', 'potatoes 400 g', '1 l stock', '30 g butter', '2 sprigs thyme', '100 ml cream']
    const shown = ['2 leeks', '400 g potatoes', '1 l stock', '30 g butter', '2 sprigs thyme', '100 ml cream']
    const items = shown.map((line) => `<li>${line}</li>`).join('')
    const result = read(
      structuredPage(
        { recipeIngredient: structured },
        `<div class="recipe-ingredients"><ul>${items}</ul>` +
          '<ul class="recipe-nutrition"><li>Calories: 180 kcal</li><li>Carbohydrates: 20 g</li></ul></div>' +
          method,
      ),
    )
    expect(result.lines).toEqual(structured)
  })
})

describe('an amount is printed once', () => {
  it('does not put an app state’s amount before a line that already starts with it, in another spelling', () => {
    const state = {
      props: {
        pageProps: {
          recipe: {
            title: 'Leek soup',
            ingredients: [
              { quantity: 0.5, text: '1/2 leek, sliced' },
              { quantity: 1.5, text: '1 ½ cups stock' },
              { quantity: 2, text: '2 potatoes' },
              { quantity: 3, text: 'sprigs of thyme' },
            ],
            instructions: [{ text: 'Simmer everything until soft.' }],
          },
        },
      },
    }
    const html = visiblePage(`<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script>`)
    expect(read(html).lines).toEqual(['1/2 leek, sliced', '1 ½ cups stock', '2 potatoes', '3 sprigs of thyme'])
  })

  it('does not put a PropertyValue’s amount before a name that already starts with it', () => {
    const html = structuredPage(
      {
        recipeIngredient: [
          { '@type': 'PropertyValue', value: 0.5, name: '1/2 leek' },
          { '@type': 'PropertyValue', value: 200, unitText: 'g', name: 'potatoes' },
        ],
      },
      '',
    )
    expect(read(html).lines).toEqual(['1/2 leek', '200 g potatoes'])
  })
})

describe('equipment is not an ingredient', () => {
  it('stops the ingredient section at an equipment heading', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul><li>2 leeks</li><li>1 potato</li></ul>' +
          '<h3>Equipment</h3><ul><li>Large saucepan</li><li>Stick blender</li></ul>' +
          method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato'])
  })

  it('leaves out a recipe card’s equipment group inside its ingredient block', () => {
    const result = read(
      visiblePage(
        '<div class="recipe-card-ingredients"><ul><li>2 leeks</li><li>1 potato</li><li>1 l stock</li></ul>' +
          '<h4>You will also need</h4><ul><li>a large saucepan</li><li>a stick blender</li></ul></div>' +
          method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', '1 l stock'])
  })
})

describe('equipment in the ingredients’ own block', () => {
  it('leaves out the lists of an equipment tab and an allergens panel inside a block named for the ingredients', () => {
    const result = read(
      visiblePage(
        '<div id="recipe-ingredients"><div class="tabs"><button>Ingredients</button><button>Equipment</button></div>' +
          '<div class="tab-pane" id="tab-ingredients"><ul><li>2 leeks</li><li>1 potato</li></ul>' +
          '<div class="allergen-panel"><ul><li>Leek: none known</li><li>Stock: celery</li></ul></div>' +
          '<ul><li>salt</li><li>pepper</li></ul></div>' +
          '<div class="tab-pane" id="tab-equipment"><ul><li>saucepan</li><li>stick blender</li></ul></div></div>' +
          method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', 'salt', 'pepper'])
  })
})

describe('a recipe card’s header is not an ingredient', () => {
  it('leaves out a table’s header row ("Menge | Zutaten")', () => {
    const names = ['Lauchstangen', 'Kartoffel', 'Brühe']
    const result = read(
      structuredPage(
        { recipeIngredient: names },
        '<h2>Zutaten</h2><table class="zutaten"><tr><th>Menge</th><th>Zutaten</th></tr>' +
          '<tr><td>2</td><td>Lauchstangen</td></tr><tr><td>1</td><td>Kartoffel</td></tr><tr><td>1 l</td><td>Brühe</td></tr></table>' +
          '<h2>Zubereitung</h2><p>Den Lauch waschen und in Ringe schneiden.</p>',
      ),
    )
    expect(result.lines).toEqual(['2 Lauchstangen', '1 Kartoffel', '1 l Brühe'])
  })

  it('leaves out a header row set in bold cells ("Menge | Zutaten für 4 Personen")', () => {
    const names = ['Lauchstangen', 'Kartoffel', 'Brühe']
    const result = read(
      structuredPage(
        { recipeIngredient: names },
        '<table class="zutaten"><tr><td><strong>Menge</strong></td><td><strong>Zutaten für 4 Personen</strong></td></tr>' +
          '<tr><td>2</td><td>Lauchstangen</td></tr><tr><td>1</td><td>Kartoffel</td></tr><tr><td>1 l</td><td>Brühe</td></tr></table>',
      ),
    )
    expect(result.lines).toEqual(['2 Lauchstangen', '1 Kartoffel', '1 l Brühe'])
  })

  it('does not make a card’s column header the title of its first line', () => {
    const items = ['2 leeks', '1 potato', '1 l stock'].map((line) => `<li>${line}</li>`).join('')
    const { recipe } = scrapePage(
      structuredPage(
        { recipeIngredient: ['leeks', 'potato', 'stock'] },
        `<ul class="ingredients"><li class="header"><b>Amount</b> <b>Ingredient</b></li>${items}</ul>`,
      ),
      'https://example.test/leek-soup',
    )
    expect(recipe?.ingredients).toEqual([
      { title: '', line: '2 leeks' },
      { title: '', line: '1 potato' },
      { title: '', line: '1 l stock' },
    ])
  })

  it('leaves out the servings line a card puts at the top of its list', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul class="ingredients"><li class="servings">Servings: 4</li>' +
          '<li>2 leeks</li><li>1 potato</li><li>1 l stock</li></ul>' +
          method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', '1 l stock'])
  })

  it('does not take a card’s header labels as the whole list', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul class="card-header"><li>Servings:</li><li>Yield:</li></ul>' +
          '<p>2 leeks<br>1 potato<br>1 l stock</p>' +
          method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', '1 l stock'])
  })
})

describe('method steps are not ingredients', () => {
  it('stops the ingredient section at a list of sentences when no heading names the method', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul><li>2 leeks</li><li>1 potato</li><li>1 l stock</li></ul>' +
          '<ol><li>Wash the leeks and slice them into thin rings, keeping some of the green.</li>' +
          '<li>Melt the butter in a large pan, add the leeks and cook gently for ten minutes.</li>' +
          '<li>Add the stock and the potato and simmer until soft. Blend until smooth.</li></ol>',
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', '1 l stock'])
  })
})

describe('an ingredient list written in sentences', () => {
  it('is still read when it is the first list under the heading', () => {
    const lines = [
      'Two large leeks, washed well and sliced into thin rings for the soup.',
      'One floury potato, peeled and cut into small cubes of equal size.',
    ]
    const result = read(
      visiblePage(`<h2>Ingredients</h2><ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>${method}`),
    )
    expect(result.lines).toEqual(lines)
  })
})

describe('two lines are not run together', () => {
  it('splits a structured ingredient that holds two lines, each with its quantity', () => {
    const html = structuredPage(
      { recipeIngredient: ['2 leeks\n1 potato', '1 l stock', 'Salt and pepper,\nto taste'] },
      '',
    )
    expect(read(html).lines).toEqual(['2 leeks', '1 potato', '1 l stock', 'Salt and pepper, to taste'])
  })

  it('splits a list item that the page breaks into two ingredient lines', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul><li>2 leeks<br>1 potato</li><li>1 l stock</li><li>30 g butter</li></ul>' + method,
      ),
    )
    expect(result.lines).toEqual(['2 leeks', '1 potato', '1 l stock', '30 g butter'])
  })
})

describe('one rule for lines set in bold, in ingredients and method alike', () => {
  it('keeps a method paragraph set in bold that holds a number as a step, not as a title', () => {
    const result = read(
      visiblePage(
        '<h2>Ingredients</h2><ul><li>2 leeks</li><li>1 potato</li></ul>' +
          '<h2>Method</h2><p>Wash and slice the leeks.</p><p>Soften them in the butter.</p>' +
          '<p><strong>Simmer for 20 minutes, then blend.</strong></p>',
      ),
    )
    expect(result.steps).toEqual([
      'Wash and slice the leeks.',
      'Soften them in the butter.',
      'Simmer for 20 minutes, then blend.',
    ])
  })
})
