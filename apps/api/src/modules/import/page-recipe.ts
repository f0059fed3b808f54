import type { ScrapeDebugResult } from '@larder/contracts'
import { appStateRecipeFor } from './app-state-recipe.js'
import { chooseIngredients } from './ingredient-choice.js'
import { ingredientsOf, type ScrapedIngredient } from './ingredient-groups.js'
import { repeatsDescription, stepsOf, tidySteps, type ScrapedStep } from './instructions.js'
import { hasIngredients, jsonLdRecipes, type FoundRecipe } from './json-ld.js'
import { microdataRecipes } from './microdata.js'
import { parsePage } from './page-document.js'
import { imageOf, namesOf, nutritionOf, timeOf, yieldOf, type YieldFields } from './recipe-fields.js'
import { splitStepsAsShown } from './step-segments.js'
import { cleanLine, cleanParagraphs } from './text-cleaning.js'
import { ingredientListCandidates } from './visible-ingredients.js'
import { methodAfterIngredients } from './visible-method.js'
import { visibleRecipe } from './visible-recipe.js'
import { ruleOn, withRulesOff, type PageRule } from './page-rules.js'

/** What the scraper makes of a page before anything is saved: the recipe's fields, cleaned. */
export interface ScrapedRecipe {
  name: string
  description: string
  ingredients: ScrapedIngredient[]
  steps: ScrapedStep[]
  yields: YieldFields
  totalTime: string | null
  prepTime: string | null
  performTime: string | null
  nutrition: Record<string, string> | null
  imageUrl: string | null
  keywords: string[]
  categories: string[]
  orgUrl: string | null
}

export interface PageScrape {
  source: ScrapeDebugResult['source']
  /** The schema.org node as it was on the page (or what the visible page gave), for the debug screen. */
  raw: unknown
  recipe: ScrapedRecipe | null
  warnings: string[]
}

/** The Recipe to use: the first in document order that lists ingredients, else the first (corpus README). */
function chooseRecipe(found: FoundRecipe[]): FoundRecipe | undefined {
  const ordered = [...found].sort((a, b) => a.position - b.position)
  return ordered.find((candidate) => hasIngredients(candidate.node)) ?? ordered[0]
}

/** The Recipe's method, under its name as pages spell it ("RecipeInstructions" too). */
const methodOf = (node: FoundRecipe['node']) => node.recipeInstructions ?? node.RecipeInstructions ?? node.instructions

function fromSchema(found: FoundRecipe, pageUrl: string): ScrapedRecipe {
  const { node, nodesById } = found
  return {
    name: cleanLine(node.name ?? node.headline).slice(0, 500),
    description: cleanParagraphs(node.description).slice(0, 20_000),
    ingredients: ingredientsOf(node.recipeIngredient ?? node.ingredients),
    steps: stepsOf(methodOf(node) ?? node.step),
    yields: yieldOf(node.recipeYield ?? node.yield),
    totalTime: timeOf(node.totalTime),
    prepTime: timeOf(node.prepTime),
    performTime: timeOf(node.cookTime ?? node.performTime),
    nutrition: nutritionOf(node.nutrition),
    imageUrl: imageOf(node.image ?? node.thumbnailUrl, pageUrl, nodesById),
    keywords: namesOf(node.keywords),
    categories: namesOf(node.recipeCategory),
    orgUrl: pageUrl || cleanLine(node.url) || null,
  }
}

const noYield: YieldFields = { recipeServings: 0, recipeYieldQuantity: 0, recipeYield: null }

export interface ScrapeOptions {
  /** Rules to read the page without (page-rules.ts): for measuring what each rule is worth, never set by a request. */
  rulesOff?: Iterable<PageRule>
}

/**
 * Reads the recipe of a page (docs/mealie-compatibility.md "Reading a recipe from a page"): schema.org Recipe from JSON-LD or microdata; what the structured data
 * lacks (a name, ingredients, steps, a picture) from the visible page or the app state a script framework hydrates
 * it from; with no structured data, the visible page (the app state where it shows no list or method), then
 * OpenGraph alone. `recipe` is null when the page holds nothing that looks like a recipe.
 */
export function scrapePage(html: string, pageUrl: string, options: ScrapeOptions = {}): PageScrape {
  const scrape = withRulesOff(options.rulesOff ?? [], () => readPage(html, pageUrl))
  return scrape.recipe ? { ...scrape, recipe: withinRecipeLimits(scrape.recipe) } : scrape
}

/**
 * No more lines than a recipe may hold (500 ingredients, 500 steps, as the recipe contracts say), cut here in the
 * page-reading thread: a page of 90,000 "ingredients" would otherwise have them all parsed before being cut.
 */
const withinRecipeLimits = (recipe: ScrapedRecipe): ScrapedRecipe => ({
  ...recipe,
  ingredients: recipe.ingredients.slice(0, 500),
  steps: recipe.steps.slice(0, 500),
  keywords: recipe.keywords.slice(0, 200),
  categories: recipe.categories.slice(0, 200),
})

function readPage(html: string, pageUrl: string): PageScrape {
  const document = parsePage(html)
  const jsonLd = jsonLdRecipes(document)
  const chosen = chooseRecipe([...jsonLd.recipes, ...microdataRecipes(document)])
  const visible = visibleRecipe(document, pageUrl)
  const title = (chosen && cleanLine(chosen.node.name ?? chosen.node.headline)) || visible.title
  const appState = ruleOn('app-state-fallback') ? appStateRecipeFor(document, title) : undefined
  const candidates = [...ingredientListCandidates(document), ...(appState ? [{ lines: appState.ingredients }] : [])]
  // The list under an "Ingredients" heading, unless a list the page marks as ingredients mends it; the app state's
  // list when the page shows none.
  visible.ingredients = chooseIngredients(visible.ingredients, candidates).lines
  if (visible.ingredients.length === 0 && appState) visible.ingredients = appState.ingredients
  const warnings: string[] = []

  if (chosen) {
    const recipe = fromSchema(chosen, pageUrl)
    if (jsonLd.parse === 'repaired' && chosen.source === 'json-ld')
      warnings.push('The page’s JSON-LD was malformed and read leniently')
    if (recipe.name === '') recipe.name = visible.title
    if (recipe.ingredients.length === 0 && appState) {
      recipe.ingredients = appState.ingredients
      warnings.push('The ingredients were read from the page’s app state, not its structured data')
    } else if (recipe.ingredients.length === 0 && visible.ingredients.length > 0) {
      recipe.ingredients = visible.ingredients
      warnings.push('The ingredients were read from the page’s text, not its structured data')
    } else {
      const ingredients = chooseIngredients(recipe.ingredients, candidates)
      recipe.ingredients = ingredients.lines
      if (ingredients.fromPage)
        warnings.push('The ingredients were read from the list the page shows, which its structured data garbles')
    }
    // A method given as one string was run together from the page's paragraphs; steps are split as the page shows them.
    const method = methodOf(chosen.node)
    const oneString =
      typeof method === 'string' || (Array.isArray(method) && method.length === 1 && typeof method[0] === 'string')
    if (ruleOn('steps-split-as-shown')) recipe.steps = splitStepsAsShown(recipe.steps, document, oneString)
    recipe.steps = tidySteps(recipe.steps)
    const repeats =
      ruleOn('method-repeats-description') &&
      repeatsDescription(recipe.steps, [recipe.description, visible.description])
    if (recipe.steps.length === 0 || repeats) {
      // The method under a heading that names it, else the headed prose after the ingredient list.
      const shown =
        visible.steps.length > 0
          ? visible.steps.map(({ title, text }) => ({ title, text }))
          : !ruleOn('method-after-ingredients')
            ? []
            : methodAfterIngredients(
                document,
                recipe.ingredients.map(({ line }) => line),
              )
      if (shown.length > 0) {
        recipe.steps = shown
        warnings.push('The instructions were read from the page’s text, not its structured data')
      } else if (recipe.steps.length === 0 && appState && appState.steps.length > 0) {
        recipe.steps = appState.steps
        warnings.push('The instructions were read from the page’s app state, not its structured data')
      }
    }
    if (!recipe.imageUrl) recipe.imageUrl = visible.image
    if (recipe.description === '') recipe.description = visible.description
    return { source: chosen.source, raw: chosen.node, recipe, warnings }
  }

  if (visible.steps.length === 0 && appState) visible.steps = appState.steps
  const found = visible.ingredients.length > 0 || visible.steps.length > 0
  if (!found && visible.openGraphTitle === '') return { source: null, raw: null, recipe: null, warnings }
  if (!found) warnings.push('No ingredients or instructions were found on the page')
  const recipe: ScrapedRecipe = {
    name: visible.title.slice(0, 500),
    description: visible.description,
    ingredients: visible.ingredients,
    steps: visible.steps,
    yields: noYield,
    totalTime: null,
    prepTime: null,
    performTime: null,
    nutrition: null,
    imageUrl: visible.image,
    keywords: [],
    categories: [],
    orgUrl: pageUrl || null,
  }
  return { source: found ? 'html' : 'opengraph', raw: visible, recipe, warnings }
}
