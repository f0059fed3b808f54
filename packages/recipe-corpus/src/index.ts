/**
 * The recipe-page corpus (`<corpus>/recipe-pages`, see its README.md), read in place, and the README's way of scoring
 * an import against a page's expected.json. One place for both, so that the import bench (through the running app)
 * and the API's accuracy test (through the scraper directly) count a page as right by the same rule.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { decodeHTML } from 'entities'

/**
 * The shared corpus: `LARDER_CORPUS_DIR`, else `shared/corpus` beside the repository (CI puts a copy of shared/
 * there, as on the engineers' machines).
 */
export const corpusDirectory =
  process.env.LARDER_CORPUS_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/corpus')
export const recipePagesDirectory = path.join(corpusDirectory, 'recipe-pages')

export const corpusTiers = ['A', 'B', 'C'] as const
export type CorpusTier = (typeof corpusTiers)[number]

/** A page's expected.json; only the fields the scorers read. Null means "no expectation". */
export interface ExpectedRecipe {
  title: string
  ingredients: string[]
  instructions: string[]
  yields: string | null
  totalTime: number | null
  prepTime: number | null
  cookTime: number | null
  image: string | null
  nutrition: Record<string, string>
}

export interface CorpusPage {
  id: string
  tier: CorpusTier
  /** The page's folder: page.html and expected.json. */
  directory: string
  expected: ExpectedRecipe
}

/** Every page, tier by tier, in name order. Throws when the corpus is not there: a missing corpus is not a pass. */
export function loadCorpusPages(): CorpusPage[] {
  if (!existsSync(recipePagesDirectory))
    throw new Error(
      `The recipe-page corpus is not at ${recipePagesDirectory}: put shared/ beside the repository or set LARDER_CORPUS_DIR`,
    )
  return corpusTiers.flatMap((tier) =>
    readdirSync(path.join(recipePagesDirectory, tier))
      .sort()
      .map((id) => {
        const directory = path.join(recipePagesDirectory, tier, id)
        const expected = JSON.parse(readFileSync(path.join(directory, 'expected.json'), 'utf8')) as ExpectedRecipe
        return { id, tier, directory, expected }
      }),
  )
}

/** The page's bytes as UTF-8 text, line endings untouched (some pages use CRLF, also inside JSON-LD strings). */
export const pageHtml = (page: CorpusPage) => readFileSync(path.join(page.directory, 'page.html'), 'utf8')

/** The corpus README's normalisation: tags out, entities decoded once, tags out, whitespace runs one space, trimmed. */
export const normalise = (text: string | null | undefined) =>
  decodeHTML((text ?? '').replace(/<[^>]+>/g, ''))
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/gu, ' ')
    .trim()
/** Each item normalised; the items left empty dropped. */
export const normaliseList = (items: Array<string | null> | null | undefined) =>
  (items ?? []).map(normalise).filter(Boolean)
export const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index])

/** What an import made of a page, as the scoring reads it. */
export interface ImportedRecipe {
  title: string
  ingredients: Array<string | null>
  steps: Array<{ title: string | null; text: string }>
}

/** The lists compared for a page, both sides normalised, and whether each field is exactly right. */
export interface PageScore {
  title: { expected: string; got: string; right: boolean }
  ingredients: { expected: string[]; got: string[]; right: boolean }
  instructions: { expected: string[]; got: string[]; right: boolean }
}

export const scoredFields = ['title', 'ingredients', 'instructions'] as const
export type ScoredField = (typeof scoredFields)[number]

/**
 * Title, ingredient list and step list exact after normalisation. A section's name is the title of its first step in
 * Larder; upstream lists it as a step of its own or not, so the steps match either way.
 */
export function scorePage(expected: ExpectedRecipe, imported: ImportedRecipe): PageScore {
  const title = { expected: normalise(expected.title), got: normalise(imported.title) }
  const ingredients = { expected: normaliseList(expected.ingredients), got: normaliseList(imported.ingredients) }
  const expectedSteps = normaliseList(expected.instructions)
  const withTitles = normaliseList(
    imported.steps.flatMap((step) => (step.title ? [step.title, step.text] : [step.text])),
  )
  const textsOnly = normaliseList(imported.steps.map((step) => step.text))
  const stepsRight = sameList(withTitles, expectedSteps) || sameList(textsOnly, expectedSteps)
  return {
    title: { ...title, right: title.expected === title.got },
    ingredients: { ...ingredients, right: sameList(ingredients.got, ingredients.expected) },
    instructions: {
      expected: expectedSteps,
      got: withTitles,
      right: stepsRight,
    },
  }
}
