import type { JsonValue } from './lenient-json.js'
import { headingLine } from './ingredient-groups.js'
import { isObject, hasType, type SchemaNode } from './json-ld.js'
import { compactText } from './line-matching.js'
import { cleanLine, cleanLines } from './text-cleaning.js'
import { ruleOn } from './page-rules.js'

/** One step as Larder stores it: a section's name is the `title` of its first step (docs/mealie-compatibility.md "Recipe model" RecipeStep). */
export interface ScrapedStep {
  title: string
  text: string
}

/** "Step" in the languages pages are written in. */
const stepWords = 'step|stap|schritt|étape|etape|paso|passo|krok|steg|vaihe|trin'
/** Names that only number a step: "Step 1", "stap 2", "3.". */
export const stepNumber = new RegExp(`^(?:${stepWords})?\\s*\\d+\\s*[.:)]?$`, 'i')

const textOfStep = (node: SchemaNode): JsonValue | undefined => node.text ?? node.description ?? node.name

/**
 * `recipeInstructions` in any of the shapes pages use (docs/mealie-compatibility.md "Cleaning scraped fields" clean_instructions, without its losses):
 * a string (split at its line breaks), a list of strings, HowToStep objects (their `text`; a `name` that only
 * repeats the text's start is not a step of its own), HowToSection objects (their `name` becomes the title of their
 * first step, their `itemListElement` the steps), ItemList wrappers, objects keyed "0", "1", … and JSON text of any
 * of these. Empty steps are dropped.
 */
export function stepsOf(value: JsonValue | undefined): ScrapedStep[] {
  const steps: ScrapedStep[] = []
  let pendingTitle = ''
  const push = (text: string) => {
    if (text === '') return
    steps.push({ title: pendingTitle, text })
    pendingTitle = ''
  }
  const visit = (item: JsonValue | undefined, depth: number) => {
    if (item === undefined || item === null || depth > 20) return
    if (typeof item === 'string') {
      const trimmed = item.trim()
      if ((trimmed.startsWith('[') || trimmed.startsWith('{')) && depth === 0) {
        try {
          visit(JSON.parse(trimmed) as JsonValue, depth + 1)
          return
        } catch {
          // Plain text that happens to start with a bracket.
        }
      }
      for (const line of cleanLines(item)) push(line)
      return
    }
    if (typeof item === 'number' || typeof item === 'boolean') return
    if (Array.isArray(item)) {
      for (const element of item) visit(element, depth + 1)
      return
    }
    if (!isObject(item)) return
    const children = item.itemListElement ?? item.steps ?? item.step
    if (hasType(item, 'HowToSection') || (children !== undefined && !hasType(item, 'HowToStep'))) {
      // "Name" as some pages capitalise it.
      const name = cleanLine(item.name ?? item.Name)
      if (name !== '') pendingTitle = name
      visit(children, depth + 1)
      return
    }
    if (hasType(item, 'HowToStep') || hasType(item, 'HowToDirection') || hasType(item, 'HowToTip') || 'text' in item) {
      // A step is one step, whatever line breaks its text has.
      const text = cleanLine(textOfStep(item))
      // A step's own name ("Make the sauce") heads it, unless it only numbers it or repeats the start of its text.
      const name = item.text !== undefined ? cleanLine(item.name) : ''
      const heads =
        ruleOn('step-name-heads') &&
        name !== '' &&
        !stepNumber.test(name) &&
        !text.startsWith(name.replace(/[.…]+$/, ''))
      if (heads && pendingTitle === '') pendingTitle = name
      push(text)
      return
    }
    // Objects keyed "0", "1", … (some plugins write lists this way).
    const keys = Object.keys(item)
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
      for (const key of keys.sort((a, b) => Number(a) - Number(b))) visit(item[key], depth + 1)
    }
  }
  visit(value, 0)
  return steps.length === 1 ? runOnSteps(steps[0]!.text).map((text) => ({ title: steps[0]!.title, text })) : steps
}

/**
 * Steps a page ran together into one line of text: numbered in the text ("1.Preheat … 2.Cream …"), or paragraphs
 * joined without a space ("…vorheizen.Den Teig…"). Both are split; a text with neither stays one step.
 */
export function runOnSteps(text: string): string[] {
  if (ruleOn('steps-numbered-run-on') && /^1[.)]\s*\S/.test(text)) {
    const parts: string[] = []
    let rest = text
    for (let number = 2; number < 100; number++) {
      const next = new RegExp(`(?<=[.!?)]\\s*|\\s)${number}[.)]\\s*(?=\\p{Lu})`, 'u').exec(rest)
      if (!next) break
      parts.push(rest.slice(0, next.index).trim())
      rest = rest.slice(next.index)
    }
    if (parts.length > 0) return [...parts, rest.trim()].filter(Boolean)
  }
  if (!ruleOn('steps-sentence-run-on')) return [text]
  const sentences = text.split(/(?<=[a-z\p{Ll}\d)][.!?])(?=\p{Lu}\p{Ll})/u)
  return sentences.length > 1 ? sentences.map((sentence) => sentence.trim()).filter(Boolean) : [text]
}

/** Shorter than this (compact), a method is not trusted to be a copy of the description: "Bake.", "Mix well." */
const shortestCopy = 20

/**
 * Whether the steps only repeat one of the recipe's descriptions, or its start: a method field filled with the
 * summary (often cut off mid-word), while the page shows the real method as text.
 */
export function repeatsDescription(steps: ScrapedStep[], descriptions: string[]): boolean {
  const method = compactText(steps.map((step) => step.text).join(' '))
  if (method.length < shortestCopy) return false
  return descriptions.some((description) => compactText(description).startsWith(method))
}

/** A step's own number before its text: "1. ", "2) ", "Step 3 ", "Stap 4: ". */
const leadingNumber = new RegExp(`^(?:(?:${stepWords})\\s*(\\d+)\\s*[.:)]?|(\\d+)\\s*[.:)])\\s+(?=\\S)`, 'i')

/**
 * Steps as the reader should see them: numbers the page wrote into the steps (1., 2., … counted from the first step)
 * removed, since Larder numbers steps itself; a short line ending in a colon (headingLine, as in ingredient lists)
 * made the title of the step after it.
 */
export function tidySteps(steps: ScrapedStep[]): ScrapedStep[] {
  const tidied: ScrapedStep[] = []
  let label = ''
  for (const step of steps) {
    const isLabel = headingLine(step.text) && !step.title
    if (isLabel && label === '') {
      label = step.text
      continue
    }
    tidied.push(label ? { title: label, text: step.text } : step)
    label = ''
  }
  if (label) tidied.push({ title: '', text: label })
  let counted = 0
  while (counted < tidied.length && numberOf(tidied[counted]!.text) === counted + 1) counted++
  if (counted < 2 || !ruleOn('step-numbers-removed')) return tidied
  return tidied.map((step, index) => (index < counted ? { ...step, text: step.text.replace(leadingNumber, '') } : step))
}

/** Whether a line numbers a step, alone or before its name: "Step 2", "3.", "Step 1: Cook the bacon". */
export const numbersStep = (text: string) => stepNumber.test(text) || numberOf(text) !== undefined

function numberOf(text: string): number | undefined {
  const match = leadingNumber.exec(text)
  return match ? Number(match[1] ?? match[2]) : undefined
}
