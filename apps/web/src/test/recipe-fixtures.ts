// Recipes as the API answers them, for the recipe screens' tests and screenshots.
import type { IngredientFood, IngredientUnit, Recipe, RecipeIngredient, RecipeSummary } from '@larder/contracts'

const ids = {
  user: '00000000-0000-4000-8000-000000000000',
  household: '00000000-0000-4000-8000-0000000000b1',
  group: '00000000-0000-4000-8000-0000000000a1',
}

let counter = 0
/** A fresh, valid UUID for fixtures. */
export function fixtureId(): string {
  counter += 1
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`
}

export function makeUnit(name: string, overrides: Partial<IngredientUnit> = {}): IngredientUnit {
  return {
    id: fixtureId(),
    name,
    pluralName: null,
    description: '',
    extras: {},
    fraction: true,
    abbreviation: '',
    pluralAbbreviation: null,
    useAbbreviation: false,
    aliases: [],
    createdAt: null,
    updatedAt: null,
    ...overrides,
  }
}

export function makeFood(name: string, overrides: Partial<IngredientFood> = {}): IngredientFood {
  return {
    id: fixtureId(),
    name,
    pluralName: null,
    description: '',
    extras: {},
    onHand: false,
    householdsWithIngredientFood: [],
    labelId: null,
    label: null,
    aliases: [],
    createdAt: null,
    updatedAt: null,
    ...overrides,
  }
}

export function makeIngredient(overrides: Partial<RecipeIngredient> = {}): RecipeIngredient {
  return {
    quantity: null,
    unit: null,
    food: null,
    note: null,
    isFood: true,
    disableAmount: false,
    display: '',
    title: null,
    originalText: null,
    referenceId: fixtureId(),
    referencedRecipe: null,
    ...overrides,
  }
}

export function makeSummary(overrides: Partial<RecipeSummary> = {}): RecipeSummary {
  const id = overrides.id ?? fixtureId()
  return {
    id,
    userId: ids.user,
    householdId: ids.household,
    groupId: ids.group,
    name: 'Recipe',
    slug: `recipe-${id.slice(-4)}`,
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
    dateAdded: '2026-01-01',
    dateUpdated: null,
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: '2026-01-01T10:00:00Z',
    lastMade: null,
    ...overrides,
  }
}

/**
 * Pancakes for 4: sections, a sub-recipe, a metric and a US unit, steps that use ingredients and state times.
 */
export function makeRecipe(overrides: Partial<Recipe> = {}): Recipe {
  const flour = makeIngredient({
    title: 'Batter',
    quantity: 200,
    unit: makeUnit('gram', { abbreviation: 'g', useAbbreviation: true, fraction: false }),
    food: makeFood('flour'),
  })
  const milk = makeIngredient({ quantity: 1, unit: makeUnit('cup', { pluralName: 'cups' }), food: makeFood('milk') })
  const eggs = makeIngredient({ quantity: 2, food: makeFood('egg', { pluralName: 'eggs' }) })
  const sauce = makeIngredient({
    title: 'To serve',
    quantity: 1,
    unit: makeUnit('cup', { pluralName: 'cups' }),
    food: makeFood('caramel sauce'),
    referencedRecipe: {
      id: fixtureId(),
      name: 'Caramel sauce',
      slug: 'caramel-sauce',
      recipeServings: 4,
      recipeYieldQuantity: 0,
    },
  })
  const summary = makeSummary({
    name: 'Pancakes',
    slug: 'pancakes',
    description: 'Thin and **light** pancakes.',
    recipeServings: 4,
    prepTime: 'PT10M',
    cookTime: '20 minutes',
    totalTime: 'PT30M',
    rating: 4.5,
    orgURL: 'https://example.com/pancakes',
    tags: [{ id: fixtureId(), name: 'Breakfast', slug: 'breakfast' }],
    recipeCategory: [{ id: fixtureId(), name: 'Sweet', slug: 'sweet' }],
    ...overrides,
  })
  return {
    ...summary,
    recipeIngredient: [flour, milk, eggs, sauce],
    recipeInstructions: [
      {
        id: fixtureId(),
        title: 'Batter',
        summary: null,
        text: 'Whisk the flour and the milk until smooth.',
        ingredientReferences: [{ referenceId: flour.referenceId }, { referenceId: milk.referenceId }],
      },
      {
        id: fixtureId(),
        title: null,
        summary: null,
        text: 'Beat in the eggs and let the batter rest for 10 minutes.',
        ingredientReferences: [{ referenceId: eggs.referenceId }],
      },
      {
        id: fixtureId(),
        title: 'Cooking',
        summary: null,
        text: 'Cook each pancake for 2 minutes per side in a pan at 180 °C.',
        ingredientReferences: [],
      },
    ],
    nutrition: {
      calories: '320 kcal',
      carbohydrateContent: '40 g',
      cholesterolContent: null,
      fatContent: '9 g',
      fiberContent: null,
      proteinContent: '11 g',
      saturatedFatContent: null,
      sodiumContent: null,
      sugarContent: '6 g',
      transFatContent: null,
      unsaturatedFatContent: null,
    },
    settings: {
      public: true,
      showNutrition: true,
      showAssets: true,
      landscapeView: false,
      disableComments: false,
      disableAmount: false,
      locked: false,
    },
    assets: [{ name: 'Scan of the card', icon: 'mdi-file', fileName: 'card.pdf' }],
    notes: [{ title: 'Tip', text: 'Use a hot, lightly buttered pan.' }],
    extras: {},
    comments: [],
    ...overrides,
  }
}
