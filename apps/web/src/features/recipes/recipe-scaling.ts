import type { Recipe, RecipeIngredient } from '@larder/contracts'
import {
  convertIngredient,
  convertTemperaturesInText,
  ingredientDisplayParts,
  parseServings,
  scaleIngredients,
  type DisplayIngredient,
  type IngredientDisplayParts,
  type MeasurementSystem,
} from '@larder/kitchen'

/** Units as written, or every standard unit in metric or US customary (kitchen's conversion). */
export type UnitSystem = 'original' | MeasurementSystem

/** The servings the recipe is written for: `recipeServings`, else the yield quantity, else a number in the yield text. */
export function baseServings(recipe: Pick<Recipe, 'recipeServings' | 'recipeYieldQuantity' | 'recipeYield'>) {
  if (recipe.recipeServings > 0) return recipe.recipeServings
  if (recipe.recipeYieldQuantity > 0) return recipe.recipeYieldQuantity
  return parseServings(recipe.recipeYield)
}

/**
 * Converted units are shown by their abbreviation (ml, g, tbsp, oz read the same in every language), except the
 * US volumes whose abbreviation people do not know ("c", "qt"): those keep their name.
 */
const spelledOut: ReadonlySet<string> = new Set(['cup', 'pint', 'quart', 'gallon'])

export interface ShownIngredient {
  ingredient: RecipeIngredient
  parts: IngredientDisplayParts
}

/**
 * The ingredients as the page shows them: scaled by `factor` (kitchen's rounding), then converted to the unit
 * system, then split into display parts.
 */
export function shownIngredients(recipe: Recipe, factor: number, system: UnitSystem): ShownIngredient[] {
  const options = { disableAmount: recipe.settings.disableAmount }
  const scaled = scaleIngredients(recipe.recipeIngredient, factor, options)
  return recipe.recipeIngredient.map((ingredient, index) => {
    let shown: DisplayIngredient = scaled[index] ?? ingredient
    if (system !== 'original') {
      const conversion = convertIngredient(shown, system, options)
      if (conversion.changed && conversion.unit) {
        const unit = { ...conversion.unit, useAbbreviation: !spelledOut.has(conversion.unit.key) }
        shown = { ...shown, quantity: conversion.quantity, unit }
      }
    }
    return { ingredient, parts: ingredientDisplayParts(shown, options) }
  })
}

/** A step's text with its temperatures in the chosen system ("180 °C" ⇄ "350 °F"). */
export function shownStepText(text: string, system: UnitSystem): string {
  return system === 'original' ? text : convertTemperaturesInText(text, system)
}

/** The display line of shown parts: "1 ¹/₂ cups onions finely chopped". */
export function partsText(parts: IngredientDisplayParts): string {
  return [parts.quantityText, parts.unitText, parts.foodText, parts.note].filter(Boolean).join(' ')
}
