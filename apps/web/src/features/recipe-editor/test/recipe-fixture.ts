import type { IngredientUnit, Recipe, RecipeIngredient } from '@larder/contracts'

export const owner = '00000000-0000-4000-8000-000000000000'
export const flourId = '00000000-0000-4000-8000-00000000f001'
export const sugarId = '00000000-0000-4000-8000-00000000f002'
export const cupId = '00000000-0000-4000-8000-0000000000c1'
export const firstReference = '00000000-0000-4000-8000-0000000000e1'
export const secondReference = '00000000-0000-4000-8000-0000000000e2'
export const stepId = '00000000-0000-4000-8000-0000000000d1'

export function makeUnit(overrides: Partial<IngredientUnit> = {}): IngredientUnit {
  return {
    id: cupId,
    name: 'cup',
    pluralName: 'cups',
    description: '',
    extras: {},
    fraction: true,
    abbreviation: 'c',
    pluralAbbreviation: null,
    useAbbreviation: false,
    aliases: [],
    createdAt: null,
    updatedAt: null,
    ...overrides,
  }
}

function food(id: string, name: string) {
  return {
    id,
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
  }
}

function ingredient(overrides: Partial<RecipeIngredient>): RecipeIngredient {
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
    referenceId: firstReference,
    referencedRecipe: null,
    ...overrides,
  }
}

/** A small complete recipe: two ingredients (flour, sugar), one step that uses the flour. */
export function makeRecipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    userId: owner,
    householdId: '00000000-0000-4000-8000-0000000000b1',
    groupId: '00000000-0000-4000-8000-0000000000a1',
    name: 'Shortbread',
    slug: 'shortbread',
    image: null,
    recipeServings: 4,
    recipeYieldQuantity: 0,
    recipeYield: null,
    totalTime: '1 hour',
    prepTime: null,
    cookTime: null,
    performTime: null,
    description: 'Buttery.',
    recipeCategory: [],
    tags: [{ id: '00000000-0000-4000-8000-0000000000a7', name: 'Baking', slug: 'baking' }],
    tools: [],
    rating: null,
    orgURL: 'https://example.com/shortbread',
    dateAdded: '2026-01-02',
    dateUpdated: null,
    createdAt: null,
    updatedAt: null,
    lastMade: null,
    recipeIngredient: [
      ingredient({
        referenceId: firstReference,
        quantity: 2,
        unit: makeUnit(),
        food: food(flourId, 'flour'),
        note: 'sifted',
        originalText: '2 cups flour, sifted',
      }),
      ingredient({ referenceId: secondReference, quantity: 0.5, food: food(sugarId, 'sugar') }),
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
    ...overrides,
  }
}
