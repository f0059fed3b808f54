import { RecipeInput, type RecipeInputParsed } from '@larder/contracts'

/**
 * The schema.org Recipe a provider read from photos, as a recipe to create. A deliberately small reading of the
 * fields a photo of a recipe card or a cookbook page holds; the scraper's full schema.org cleaner (§7.5) replaces it
 * when the import work is merged. Text is trimmed and cut to what the recipe model stores, so a long answer never
 * becomes a 422 about fields the person did not write.
 */

/** Where a JSON-mode model put the recipe: the object itself, or under `recipe`, or the first Recipe of `@graph`. */
function recipeNodeOf(json: Record<string, unknown>): Record<string, unknown> {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
  if (isObject(json.recipe)) return json.recipe
  const graph: unknown = json['@graph']
  if (Array.isArray(graph)) {
    const found: unknown = graph.find((node) => isObject(node) && node['@type'] === 'Recipe')
    if (isObject(found)) return found
  }
  return json
}

function text(value: unknown, max: number): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value
  if (typeof first === 'number' && Number.isFinite(first)) return String(first)
  if (typeof first !== 'string') return null
  // Text no column stores: NUL, and lone surrogates (a pair, such as an emoji, is one code point and stays).
  const cleaned = first
    .replaceAll('\u0000', '')
    .replace(/\p{Cs}/gu, '')
    .trim()
  return cleaned ? cleaned.slice(0, max) : null
}

const durationUnits = [
  ['H', 'hour'],
  ['M', 'minute'],
  ['S', 'second'],
] as const

/** `PT1H30M` → `1 hour 30 minutes` (days as hours); any other text is kept as written (`about 20 min`). */
function durationText(value: unknown): string | null {
  const written = text(value, 100)
  if (!written) return null
  const match = /^P(?:(\d+)D)?T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.\d+)?S)?$/i.exec(written)
  if (!match || written.toUpperCase() === 'PT') return written
  const amounts = {
    H: Number(match[1] ?? 0) * 24 + Number(match[2] ?? 0),
    M: Number(match[3] ?? 0),
    S: Number(match[4] ?? 0),
  }
  const parts = durationUnits
    .filter(([key]) => amounts[key] > 0)
    .map(([key, unit]) => `${amounts[key]} ${unit}${amounts[key] === 1 ? '' : 's'}`)
  return parts.length > 0 ? parts.join(' ') : null
}

/** Ingredient lines from a list of strings (or `{text}` objects), or from one text with a line per ingredient. */
function ingredientLines(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(/\r?\n/) : Array.isArray(value) ? value : []
  return items
    .map((item) => text(typeof item === 'object' && item !== null ? (item as { text?: unknown }).text : item, 2000))
    .filter((line): line is string => line !== null)
    .slice(0, 500)
}

/** Steps from strings, HowToStep objects and HowToSection lists (the section's name becomes its first step's title). */
function steps(value: unknown): Array<{ title: string; text: string }> {
  if (typeof value === 'string') return value.split(/\r?\n/).flatMap((line) => steps([line]))
  if (!Array.isArray(value)) return []
  const found: Array<{ title: string; text: string }> = []
  for (const item of value) {
    if (typeof item === 'string') {
      const stepText = text(item, 20_000)
      if (stepText) found.push({ title: '', text: stepText })
    } else if (item && typeof item === 'object') {
      const node = item as { text?: unknown; name?: unknown; itemListElement?: unknown }
      if (Array.isArray(node.itemListElement)) {
        const section = steps(node.itemListElement)
        if (section[0]) section[0].title = text(node.name, 500) ?? ''
        found.push(...section)
      } else {
        const stepText = text(node.text ?? node.name, 20_000)
        if (stepText) found.push({ title: '', text: stepText })
      }
    }
  }
  return found.slice(0, 500)
}

function notes(value: unknown): Array<{ title: string; text: string }> {
  if (!Array.isArray(value)) return []
  return value
    .map((item) =>
      typeof item === 'string'
        ? { title: '', text: text(item, 20_000) }
        : {
            title: text((item as { title?: unknown })?.title, 500) ?? '',
            text: text((item as { text?: unknown })?.text, 20_000),
          },
    )
    .filter((note): note is { title: string; text: string } => note.text !== null)
    .slice(0, 100)
}

/**
 * The recipe in the provider's answer, or null when it holds none: no ingredients and no steps (what the prompt asks a
 * model to answer, `{}`, for a photo without a recipe). `ingredient` turns one line into a recipe ingredient (until
 * the parser is wired, the line as a note).
 */
export function recipeFromSchemaOrg(
  json: Record<string, unknown>,
  ingredient: (line: string) => { note: string; originalText: string },
): RecipeInputParsed | null {
  const node = recipeNodeOf(json)
  const lines = ingredientLines(node.recipeIngredient ?? node.ingredients)
  const instructions = steps(node.recipeInstructions ?? node.instructions)
  if (lines.length === 0 && instructions.length === 0) return null
  return RecipeInput.parse({
    name: text(node.name, 500) ?? 'Untitled',
    description: text(node.description, 20_000) ?? '',
    recipeYield: text(node.recipeYield ?? node.yield, 500),
    totalTime: durationText(node.totalTime),
    prepTime: durationText(node.prepTime),
    // Mealie's cooking time is `performTime`; schema.org calls it `cookTime` (reference §7.4).
    performTime: durationText(node.performTime) ?? durationText(node.cookTime),
    recipeIngredient: lines.map(ingredient),
    recipeInstructions: instructions,
    notes: notes(node.notes),
  })
}
