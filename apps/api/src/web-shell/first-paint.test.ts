import type { Recipe, RecipeSummary } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { explorerFirstPaint, recipeFirstPaint, recipeTimeText } from './first-paint.js'
import { firstPaintStyle } from './first-paint-style.js'

const id = '00000000-0000-4000-8000-000000000001'

function summary(overrides: Partial<RecipeSummary>): RecipeSummary {
  return {
    id,
    userId: id,
    householdId: id,
    groupId: id,
    name: 'Pancakes',
    slug: 'pancakes',
    image: null,
    recipeServings: 0,
    recipeYieldQuantity: 0,
    recipeYield: null,
    totalTime: null,
    prepTime: null,
    cookTime: null,
    performTime: null,
    description: null,
    recipeCategory: [],
    tags: [],
    tools: [],
    rating: null,
    orgURL: null,
    dateAdded: null,
    dateUpdated: null,
    createdAt: null,
    updatedAt: null,
    lastMade: null,
    ...overrides,
  }
}

const tag = (name: string) => ({ id, name, slug: name.toLowerCase() })
const cardOf = (recipe: RecipeSummary) =>
  /<li class="fp-card">[\s\S]*?<\/div><\/li>/.exec(explorerFirstPaint([recipe], 'home', '/g/home').html)?.[0]

describe('explorer first paint', () => {
  // The drawn card must have the app card's rows, or the app's card name, painted later, is the larger paint.
  it("draws a card's rating, total time and first three tags as RecipeCard does, escaped", () => {
    const card = cardOf(
      summary({
        rating: 3.6,
        totalTime: 'PT1H30M',
        tags: [tag('Quick'), tag('<b>Dinner</b>'), tag('Vegan'), tag('Soup'), tag('Winter')],
      }),
    )!
    const stars = /<span class="fp-stars">([\s\S]*?)<\/span>/.exec(card)?.[1] ?? ''
    expect(stars.match(/<svg/g)).toHaveLength(5)
    // 3.6 rounds to 3.5: three filled stars, a half, an outline.
    expect(stars.match(/fill="currentColor"/g)).toHaveLength(4)
    expect(stars.match(/fill="none"/g)).toHaveLength(1)
    expect(card).toContain('<span>1 h 30 min</span>')
    const tags = [...card.matchAll(/<li(?: class="fp-more")?>([^<]*)<\/li>/g)].map((match) => match[1])
    expect(tags).toEqual(['Quick', '&lt;b&gt;Dinner&lt;/b&gt;', 'Vegan', '+2'])
  })

  it('leaves out the rows a recipe has nothing for, and draws a picture-less recipe tinted with the hat', () => {
    const card = cardOf(summary({ rating: 0 }))!
    expect(card).not.toContain('fp-card-facts')
    expect(card).not.toContain('fp-tags')
    expect(card).toMatch(
      /<div class="fp-picture fp-tinted" aria-hidden="true" style="background:linear-gradient[^"]*"><svg/,
    )
    expect(cardOf(summary({ totalTime: '20' }))).not.toContain('fp-stars')
  })
})

describe('recipe first paint', () => {
  const recipe = (overrides: Partial<RecipeSummary>): Recipe => ({
    ...summary(overrides),
    recipeIngredient: [],
    recipeInstructions: [],
    nutrition: null,
    settings: {
      public: true,
      showNutrition: false,
      showAssets: false,
      landscapeView: false,
      disableComments: false,
      disableAmount: false,
      locked: false,
    },
    assets: [],
    notes: [],
    extras: {},
    comments: [],
  })
  const factsOf = (drawn: Recipe) =>
    [...recipeFirstPaint(drawn, '/g/home/r/pancakes').html.matchAll(/<dd>([^<]*)<\/dd>/g)].map((match) => match[1])

  it("draws the header's times and yield under label bars, in RecipeHeader's order, and no box without any", () => {
    const drawn = recipe({
      prepTime: '15',
      performTime: 'PT1H',
      totalTime: '75',
      recipeYieldQuantity: 1.5,
      recipeYield: '<loaves>',
    })
    expect(factsOf(drawn)).toEqual(['15 min', '1 h', '1 h 15 min', '1.5 &lt;loaves&gt;'])
    expect(recipeFirstPaint(drawn, '/g/home/r/pancakes').html).toContain(
      '<dt><span class="fp-bar" aria-hidden="true"></span></dt>',
    )
    expect(factsOf(recipe({ recipeYield: 'a tray' }))).toEqual(['a tray'])
    expect(recipeFirstPaint(recipe({}), '/g/home/r/pancakes').html).not.toContain('fp-facts')
  })

  // Where the app draws its social bar and, from md up, ingredients and steps side by side (RecipeView): the drawing
  // leaves the same room, so nothing moves when the app takes over (layout shift, docs/budgets.md "Web budgets").
  it('leaves room for the social bar and lays ingredients and steps out in two columns from md up', () => {
    const html = recipeFirstPaint(recipe({}), '/g/home/r/pancakes').html
    expect(html).toMatch(/class="fp-social"[\s\S]*class="fp-recipe-body"/)
    expect(firstPaintStyle).toMatch(/@media \(min-width:992px\)\{\.fp-recipe-body\{display:grid/)
  })
})

describe('recipe times in the first paint', () => {
  it('writes durations in the units the app uses in English, other text as written', () => {
    expect(recipeTimeText('PT1H30M')).toBe('1 h 30 min')
    expect(recipeTimeText('90')).toBe('1 h 30 min')
    expect(recipeTimeText('overnight')).toBe('overnight')
    expect(recipeTimeText('  ')).toBeNull()
    expect(recipeTimeText(null)).toBeNull()
  })
})

describe('first paint style', () => {
  // Each time the app's stylesheets arrive or the app measures itself, the drawing is styled and laid out again:
  // what is below the first screen is skipped until it comes near it (docs/budgets.md "Web budgets").
  it('leaves the cards and sections below the first screen unstyled until they come near it', () => {
    expect(firstPaintStyle).toMatch(/\.fp-card\{[^}]*content-visibility:auto/)
    expect(firstPaintStyle).toMatch(/\.fp-section\{[^}]*content-visibility:auto/)
  })
})
