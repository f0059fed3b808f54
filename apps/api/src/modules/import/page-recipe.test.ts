import { describe, expect, it } from 'vitest'
import { scrapePage } from './page-recipe.js'

/** A page with one JSON-LD Recipe in its head and `body` as its visible content. */
const page = (recipe: Record<string, unknown>, body: string) =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Test cake',
    ...recipe,
  })}</script></head><body><h1>Test cake</h1>${body}</body></html>`

const scrape = (html: string) => {
  const { recipe, warnings } = scrapePage(html, 'https://example.test/cake')
  return {
    lines: recipe?.ingredients.map(({ line }) => line),
    titles: recipe?.ingredients.map(({ title }) => title),
    steps: recipe?.steps.map(({ text }) => text),
    stepTitles: recipe?.steps.map(({ title }) => title),
    warnings,
  }
}

/** A page with no structured data, titled by OpenGraph, and the steps the scraper reads from `body`. */
const shownSteps = (body: string) =>
  scrapePage(
    `<!doctype html><html><head><meta property="og:title" content="Test"></head><body>${body}</body></html>`,
    'https://example.test/shown',
  ).recipe?.steps
const shownTexts = (body: string) => shownSteps(body)?.map(({ text }) => text)

/** A recipe-card plugin's list: amount, unit, name and notes apart, a checkbox read only to screen readers. */
const pluginItem = (amount: string, unit: string, name: string, notes = '') =>
  `<li class="wprm-recipe-ingredient"><span class="wprm-checkbox-container"><input type="checkbox"><label><span class="sr-only">▢ </span></label></span>` +
  `<span class="wprm-recipe-ingredient-amount">${amount}</span> <span class="wprm-recipe-ingredient-unit">${unit}</span> ` +
  `<span class="wprm-recipe-ingredient-name">${name}</span>` +
  (notes ? ` <span class="wprm-recipe-ingredient-notes">${notes}</span>` : '') +
  '</li>'

describe('ingredients: the structured data cleaned', () => {
  it('makes a heading line the title of the next line, drops typed bullets and undoubles brackets', () => {
    const result = scrape(
      page(
        { recipeIngredient: ['For the sauce:', '- 1 cup sugar', '2 tbsp butter ((softened))', '1 egg'] },
        '<p>No list here.</p>',
      ),
    )
    expect(result.lines).toEqual(['1 cup sugar', '2 tbsp butter (softened)', '1 egg'])
    expect(result.titles).toEqual(['For the sauce', '', ''])
  })

  it('mends text encoded twice', () => {
    const result = scrape(page({ recipeIngredient: ['1Â¼ cups milk', 'Â½ tsp salt'] }, ''))
    expect(result.lines).toEqual(['1¼ cups milk', '½ tsp salt'])
  })
})

describe('ingredients: the list the page shows, when the structured data garbles it', () => {
  it('reads a plugin list without its screen-reader text, notes in brackets unless they bring their own or a comma', () => {
    const body =
      '<div class="wprm-recipe-ingredients-container"><ul class="wprm-recipe-ingredients">' +
      pluginItem('1', 'lb', 'bok choy', ', chopped') +
      pluginItem('1', 'tbsp', 'sweetener', 'optional, see note') +
      pluginItem('½', 'cup', 'cashews', '(75g)') +
      '</ul></div>'
    const result = scrape(
      page(
        {
          recipeIngredient: [
            '1 lb bok choy (, chopped)',
            '1 tbsp sweetener (optional, see note)',
            '1/2 cup cashews ((75g))',
          ],
        },
        body,
      ),
    )
    expect(result.lines).toEqual([
      '1 lb bok choy , chopped',
      '1 tbsp sweetener (optional, see note)',
      '½ cup cashews (75g)',
    ])
    expect(result.warnings.join(' ')).toMatch(/list the page shows/)
  })

  it('keeps the structured lines when the page only sets the same lines differently (fractions, units spelt out, notes)', () => {
    const body =
      '<ul class="ingredients"><li class="ingredient">½ cup flour</li><li class="ingredient">1 teaspoon salt</li>' +
      '<li class="ingredient">2 eggs (beaten)</li></ul>'
    const result = scrape(page({ recipeIngredient: ['1/2 cup flour', '1 tsp salt', '2 eggs'] }, body))
    expect(result.lines).toEqual(['1/2 cup flour', '1 tsp salt', '2 eggs'])
  })

  it('takes the shown list when the structured data runs it together, lists a heading, or loses quantities', () => {
    const shown =
      '<div class="recipe-ingredients"><ul><li>200 g flour</li><li>2 eggs</li><li>1 pinch salt</li></ul>' +
      '<h4 class="group-title">Icing</h4><ul><li>100 g sugar</li></ul></div>'
    const runTogether = scrape(page({ recipeIngredient: ['200 g flour2 eggs1 pinch salt100 g sugar'] }, shown))
    expect(runTogether.lines).toEqual(['200 g flour', '2 eggs', '1 pinch salt', '100 g sugar'])
    expect(runTogether.titles).toEqual(['', '', '', 'Icing'])

    const headingAsLine = scrape(
      page({ recipeIngredient: ['200 g flour', '2 eggs', '1 pinch salt', 'Icing', '100 g sugar'] }, shown),
    )
    expect(headingAsLine.lines).toEqual(['200 g flour', '2 eggs', '1 pinch salt', '100 g sugar'])

    const noQuantities = scrape(page({ recipeIngredient: ['flour', 'eggs', 'salt', 'sugar'] }, shown))
    expect(noQuantities.lines).toEqual(['200 g flour', '2 eggs', '1 pinch salt', '100 g sugar'])
  })

  it('takes the shown list when the structured data stops after its first group', () => {
    const body =
      '<div class="recipe"><ul><li class="ingredient">2 cups onions</li><li class="ingredient">1 lb beef</li></ul>' +
      '<h3>For the topping</h3><ul><li class="ingredient">1 cup lentils</li><li class="ingredient">1 cup yogurt</li></ul></div>'
    const result = scrape(page({ recipeIngredient: ['2 cups onions', '1 lb beef'] }, body))
    expect(result.lines).toEqual(['2 cups onions', '1 lb beef', '1 cup lentils', '1 cup yogurt'])
    expect(result.titles).toEqual(['', '', 'For the topping', ''])
  })

  it('takes the shown list for a second measure, or a quantity moved behind the name, but not for a "name: quantity" layout', () => {
    const dual = scrape(
      page(
        { recipeIngredient: ['1 1/2 cups cream', '4 egg yolks'] },
        '<ul class="ingredients"><li class="ingredient">1 ½ cups (375 mL) cream</li><li class="ingredient">4 egg yolks</li></ul>',
      ),
    )
    expect(dual.lines).toEqual(['1 ½ cups (375 mL) cream', '4 egg yolks'])

    const shown = '<ul class="ingredients-list"><li>500 gr ravioli</li><li>100 gr parmesan</li></ul>'
    expect(scrape(page({ recipeIngredient: ['ravioli 500gr', 'parmesan 100gr'] }, shown)).lines).toEqual([
      '500 gr ravioli',
      '100 gr parmesan',
    ])
    expect(scrape(page({ recipeIngredient: ['Ravioli: 500 gr', 'Parmesan: 100 gr'] }, shown)).lines).toEqual([
      'Ravioli: 500 gr',
      'Parmesan: 100 gr',
    ])
  })

  it('reads table rows without their icon cells, skips hidden substitutes, and stops at the method heading', () => {
    const table =
      '<table class="table-ingredients"><tr><td>2</td><td>pounds</td><td>beef</td><td>*</td></tr>' +
      '<tr><th colspan="3">For the sauce</th></tr><tr><td>1</td><td>cup</td><td>tomatoes <span class="hidden">passata</span></td></tr></table>'
    const result = scrape(page({ recipeIngredient: ['beef', 'For the sauce', 'tomatoes'] }, table))
    expect(result.lines).toEqual(['2 pounds beef', '1 cup tomatoes'])
    expect(result.titles).toEqual(['', 'For the sauce'])

    const withMethod =
      '<div class="ingredients"><ul><li>1 cup rice</li><li>2 cups water</li></ul><h3>Method</h3><ul><li>Boil the water.</li></ul></div>'
    expect(scrape(page({ recipeIngredient: ['1 cup rice', '2 cups water'] }, withMethod)).lines).toEqual([
      '1 cup rice',
      '2 cups water',
    ])
  })

  it('leaves out the toolbar in a list header, and a heading that only says "Ingredients" titles nothing', () => {
    const body =
      '<div class="tasty-recipes-ingredients"><div class="tasty-recipes-ingredients-header"><h3>Ingredients</h3>' +
      '<span>Scale</span><button>1x</button><button>2x</button></div>' +
      '<ul><li><strong>For the base:</strong></li><li>200 g biscuits</li><li>80 g butter</li></ul></div>'
    const result = scrape(
      page({ recipeIngredient: ['For the base:', '200 g biscuits', '80 g butter ((melted))'] }, body),
    )
    expect(result.lines).toEqual(['200 g biscuits', '80 g butter (melted)'])
    expect(result.titles).toEqual(['For the base', ''])
    const structuredBroken = scrape(page({ recipeIngredient: ['biscuits', 'butter'] }, body))
    expect(structuredBroken.lines).toEqual(['200 g biscuits', '80 g butter'])
    expect(structuredBroken.titles).toEqual(['For the base', ''])
  })

  it('ignores a shown list that is another recipe', () => {
    const body = '<ul class="ingredients"><li>3 apples</li><li>1 cup oats</li><li>100 g butter</li></ul>'
    const result = scrape(page({ recipeIngredient: ['200 g flour', '2 eggs', '1 cup milk'] }, body))
    expect(result.lines).toEqual(['200 g flour', '2 eggs', '1 cup milk'])
  })
})

describe('ingredients: the visible page alone', () => {
  it('skips labels in hidden blocks and tabs that only say "Ingredients", and stops at "Cooking Instructions"', () => {
    const body =
      '<div style="display:none"><p>Ingredients</p><ul><li>Measurement: cups</li><li>Measurement: grams</li></ul></div>' +
      '<div id="Ingredients"><ul class="nav nav-tabs hidden"><li><a href="#">Ingredients</a></li></ul>' +
      '<h2>Ingredients</h2><ul><li><span>1/2 cup</span> oats</li><li><span>1</span> banana</li></ul>' +
      '<h3>Cooking Instructions</h3><ol><li>Blend until smooth.</li><li>Pour into a glass.</li></ol></div>'
    const html = `<!doctype html><html><head><title>Smoothie</title></head><body><h1>Smoothie</h1>${body}</body></html>`
    expect(scrape(html).lines).toEqual(['1/2 cup oats', '1 banana'])
  })

  it('reads lines a paragraph breaks, a bold line without a quantity heading the lines after it', () => {
    const body =
      '<h1>Curry</h1><h2>Ingredients</h2><div><p><strong>Meatballs&nbsp;</strong><br> 400 grams lamb mince<br>' +
      ' 1 large egg<br><strong>Sauce</strong><br> 2 tablespoons olive oil<br><b>1 onion</b></p></div>'
    const result = scrape(`<html><body>${body}</body></html>`)
    expect(result.lines).toEqual(['400 grams lamb mince', '1 large egg', '2 tablespoons olive oil', '1 onion'])
    expect(result.titles).toEqual(['Meatballs', '', 'Sauce', ''])
  })

  it('knows the ingredient heading in other languages ("Benodigdheden", "Hozzávalók")', () => {
    const body = (heading: string) =>
      `<h1>Taart</h1><p>Intro.</p><h2><strong>${heading}:</strong></h2><ul><li>200 gr bonen</li><li>1 ui</li></ul>` +
      '<h2>Bereiding</h2><p>Bak de taart.</p>'
    for (const heading of ['Benodigdheden', 'Hozzávalók'])
      expect(scrape(`<html><body>${body(heading)}</body></html>`).lines).toEqual(['200 gr bonen', '1 ui'])
  })
})

describe('instructions: structured steps split as the page shows them', () => {
  it('splits a one-string method where the page breaks its paragraphs, even with a list between them', () => {
    const body =
      '<div class="method"><p>Mix the flour and the eggs into a dough. Rest it for an hour.<br><br>Roll out the dough thinly.</p>' +
      '<ul><li>100 g sugar</li></ul><p>Bake for twenty minutes until golden.</p></div>'
    const method =
      'Mix the flour and the eggs into a dough. Rest it for an hour. Roll out the dough thinly. Bake for twenty minutes until golden.'
    expect(scrape(page({ recipeInstructions: method }, body)).steps).toEqual([
      'Mix the flour and the eggs into a dough. Rest it for an hour.',
      'Roll out the dough thinly.',
      'Bake for twenty minutes until golden.',
    ])
  })

  it('splits a step that runs two sentences together, and leaves a step the page only shows on two lines', () => {
    const steps = [
      {
        '@type': 'HowToStep',
        name: 'Assemble',
        text: 'Put the dressing in the jar.Layer the vegetables on top of it.',
      },
      { '@type': 'HowToStep', text: 'Whisk the eggs: beat them with a pinch of salt until frothy.' },
    ]
    const body =
      '<p>Put the dressing in the jar.</p><p>Layer the vegetables on top of it.</p>' +
      '<p><strong>Whisk the eggs:</strong></p><p>beat them with a pinch of salt until frothy.</p>'
    const result = scrape(page({ recipeInstructions: steps }, body))
    expect(result.steps).toEqual([
      'Put the dressing in the jar.',
      'Layer the vegetables on top of it.',
      'Whisk the eggs: beat them with a pinch of salt until frothy.',
    ])
    expect(result.stepTitles).toEqual(['Assemble', '', ''])
  })

  it('reads a HowToSection whose name is written "Name"', () => {
    const sections = [
      { '@type': 'HowToSection', Name: 'For the batter', itemListElement: [{ '@type': 'HowToStep', text: 'Whisk.' }] },
    ]
    expect(scrape(page({ recipeInstructions: sections }, '')).stepTitles).toEqual(['For the batter'])
  })
})

describe('instructions: what the structured data types into its steps', () => {
  it('drops the numbers a method writes before its steps, counted from the first', () => {
    const method = ['1. Cream the butter and sugar.', '2) Beat in the eggs.', 'Step 3 Fold in the flour.', 'Enjoy!']
    expect(scrape(page({ recipeInstructions: method }, '')).steps).toEqual([
      'Cream the butter and sugar.',
      'Beat in the eggs.',
      'Fold in the flour.',
      'Enjoy!',
    ])
  })

  it('keeps numbers that do not count the steps from one', () => {
    const method = ['2 eggs go in first.', '3. Then the rest.']
    expect(scrape(page({ recipeInstructions: method }, '')).steps).toEqual(method)
  })

  it('makes a short line ending in a colon the title of the step after it', () => {
    const method = ['Mix the batter and bake it.', 'For the icing:', 'Whisk the sugar into the butter.']
    const result = scrape(page({ recipeInstructions: method }, ''))
    expect(result.steps).toEqual(['Mix the batter and bake it.', 'Whisk the sugar into the butter.'])
    expect(result.stepTitles).toEqual(['', 'For the icing:'])
  })

  it('reads a method spelt "RecipeInstructions"', () => {
    const steps = [{ '@type': 'HowToStep', text: 'Whisk the eggs.' }]
    expect(scrape(page({ RecipeInstructions: steps }, '')).steps).toEqual(['Whisk the eggs.'])
  })

  it('keeps a step whole that the page shows as one list item, however the item breaks its lines', () => {
    const step = 'If sweetening: warm the cream with the sugar.If not: use it cold.'
    const body =
      '<ol><li><span style="display:block">If sweetening: warm the cream with the sugar.</span>' +
      '<div></div><span style="display:block">If not: use it cold.</span></li><li>Serve.</li></ol>'
    const steps = [step, 'Serve.'].map((text) => ({ '@type': 'HowToStep', text }))
    expect(scrape(page({ recipeInstructions: steps }, body)).steps).toEqual([step, 'Serve.'])
  })
})

describe('instructions: the method the page shows, when the structured one is not a method', () => {
  const ingredients = '<ul><li>300 g flour</li><li>200 g apricots</li></ul>'
  const headedMethod =
    '<h2>Making the tart</h2>\n<p>Make the pastry\nand chill it.</p>\n<div class="advert"><p>Buy our book!</p></div>' +
    '<p>Halve the <a href="/apricots">apricots</a> and\nstone them.</p>' +
    '<h2>Baking it</h2><p>Bake for 30 minutes.</p><p><strong>Photo: A. Person</strong></p>'

  it('reads the headed prose after the ingredient list when the method only repeats the description', () => {
    const summary = 'This apricot tart is the best tart you will ever bake, with apricots fresh or from a ti'
    const result = scrape(
      page(
        { description: summary, recipeInstructions: summary, recipeIngredient: ['300 g flour', '200 g apricots'] },
        `<p>${summary}n.</p>${ingredients}<section>${headedMethod}</section>`,
      ),
    )
    expect(result.steps).toEqual([
      'Make the pastry and chill it.',
      'Halve the apricots and stone them.',
      'Bake for 30 minutes.',
    ])
    expect(result.stepTitles).toEqual(['', '', 'Baking it'])
    expect(result.warnings.join(' ')).toMatch(/page’s text/)
  })

  it('keeps a structured method that only starts like the description', () => {
    const result = scrape(
      page(
        {
          description: 'Make the pastry and chill it. A lovely tart.',
          recipeInstructions: ['Make the pastry and chill it.', 'Bake it for 30 minutes.'],
          recipeIngredient: ['300 g flour', '200 g apricots'],
        },
        `${ingredients}<section>${headedMethod}</section>`,
      ),
    )
    expect(result.steps).toEqual(['Make the pastry and chill it.', 'Bake it for 30 minutes.'])
  })

  it('prefers a heading that only names the method to one that starts with its name', () => {
    const body =
      '<h4>How to make the best breakfast hash</h4><p>While the recipe is below, here are some tips.</p>' +
      '<h2>Ingredients</h2><ul><li>4 eggs</li></ul>' +
      '<h2>Instructions</h2><ol><li>Fry the sausage.</li><li>Scramble in the eggs.</li></ol>'
    expect(shownTexts(body)).toEqual(['Fry the sausage.', 'Scramble in the eggs.'])
  })

  it('reads every paragraph under a method label, past the line breaks and pictures inside them', () => {
    const body =
      '<p>Ingredients:</p><p>500 g flour<br>350 g water</p><p>Preparation:</p>' +
      '<p>1. Warm the water.<br><br>2. Knead in the flour.</p><p><img src="/dough.jpg"><br><br>3. Bake the loaf.</p>'
    expect(shownTexts(body)).toEqual(['1. Warm the water.', '2. Knead in the flour.', '3. Bake the loaf.'])
  })

  it('keeps the first step that shares its paragraph with the method label', () => {
    const body =
      '<p><strong>Ingredients</strong></p><ul><li>2 onions</li></ul>' +
      '<p><strong>Method</strong><br>Fry the onions until soft.</p><p>Serve them warm.</p>'
    expect(shownTexts(body)).toEqual(['Fry the onions until soft.', 'Serve them warm.'])
  })

  it('ends a method of numbered sub-headings at the first heading that numbers nothing', () => {
    const body =
      '<h2>Ingredients</h2><ul><li>4 slices bacon</li></ul><h2>How to make clam chowder</h2>' +
      '<h3>Step 1: Cook the bacon</h3><p>Fry the bacon until crisp.</p><h3>Step 2: Serve</h3><p>Ladle into bowls.</p>' +
      '<h2>Leftovers</h2><p>Keeps for three days.</p><h2>Wrapping up</h2><p>A cosy bowl.</p>'
    expect(shownSteps(body)).toEqual([
      { title: 'Step 1: Cook the bacon', text: 'Fry the bacon until crisp.' },
      { title: 'Step 2: Serve', text: 'Ladle into bowls.' },
    ])
  })

  it('reads a method heading’s sections, sub-headings that only number a step titling nothing, up to the notes', () => {
    const body =
      '<h2>Ingredients</h2><ul><li>2 cups onions</li><li>1 lb beef</li></ul>' +
      '<h3>Method for the filling</h3><h4>Step 1</h4><p>Fry the onions until soft.</p><h4>Step 2</h4><p>Add the beef.</p>' +
      '<h3>Method for the sauce</h3><h4>Step 1</h4><p>Simmer the tomatoes.</p>' +
      '<h3>Notes</h3><p>Keeps for a week.</p>'
    expect(shownSteps(body)).toEqual([
      { title: '', text: 'Fry the onions until soft.' },
      { title: '', text: 'Add the beef.' },
      { title: 'Method for the sauce', text: 'Simmer the tomatoes.' },
    ])
  })
})
