import { randomUUID } from 'node:crypto'
import type {
  IngredientConfidence,
  ParsedIngredient,
  ParsedRecipeIngredient,
  RegisteredParser,
} from '@larder/contracts'
import { ingredientDisplay } from '@larder/kitchen'
import type * as IngredientParserModule from '@larder/kitchen/ingredient-parser'
import type { Database, Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import { seedCatalogues } from '../foods/index.js'
import { importedFood, importedUnit, recipeLanguageOf } from './imported-units.js'
import { createMatcher, type Matcher } from './matching.js'
import { parseWithOpenAI, type OpenAIParserDependencies } from './openai-parser.js'
import { loadGroupVocabulary, type GroupVocabulary } from './repo.js'

/** A line as any parser leaves it, before matching: texts, not rows. */
interface UnmatchedParse {
  input: string
  title: string
  quantity: number
  unit: string | null
  food: string | null
  note: string
  confidence: IngredientConfidence
  /** Whether the parser is sure enough of the parse to save it as parsed (nlp only; the others are never asked). */
  sure: boolean
}

const noConfidence: IngredientConfidence = {
  average: null,
  comment: null,
  name: null,
  unit: null,
  quantity: null,
  food: null,
}
const round3 = (value: number) => Math.round(value * 1000) / 1000

type IngredientParser = typeof IngredientParserModule

/** The parser and its model (a megabyte of weights) load with the first line parsed, not at start-up (bench/cold-start). */
const loadParser = (): Promise<IngredientParser> => import('@larder/kitchen/ingredient-parser')

function nlpParses(parser: IngredientParser, lines: readonly string[]): UnmatchedParse[] {
  return parser.parseIngredientLines(lines).map((parsed, index) => ({
    input: lines[index]!,
    title: parsed.title ?? '',
    quantity: parsed.quantity === null ? 0 : round3(parsed.quantity),
    unit: parsed.unit,
    food: parsed.food,
    note: parsed.note,
    confidence: {
      average: parsed.confidence.average,
      comment: parsed.confidence.comment,
      name: parsed.confidence.food,
      unit: parsed.confidence.unit,
      quantity: parsed.confidence.quantity,
      food: parsed.confidence.food,
    },
    sure: parsed.sure,
  }))
}

function bruteParses(parser: IngredientParser, lines: readonly string[], matcher: Matcher): UnmatchedParse[] {
  return lines.map((line) => {
    const parsed = parser.parseIngredientBrute(line, { isUnit: (word) => matcher.unit(word) !== null })
    return {
      input: line,
      title: '',
      ...parsed,
      unit: parsed.unit || null,
      food: parsed.food || null,
      confidence: noConfidence,
      sure: false,
    }
  })
}

/**
 * The unit and food of a parse as the group knows them (docs/mealie-compatibility.md "Matching foods and units"), then Mealie's re-join: when "<unit> <food>"
 * as parsed is exactly one of the group's foods ("red" + "pepper flakes"), that food it is, without a unit.
 */
function matched(
  parse: UnmatchedParse,
  matcher: Matcher,
  resolved: Pick<ParsedRecipeIngredient, 'unit' | 'food'> = {
    unit: parse.unit ? (matcher.unit(parse.unit) ?? { name: parse.unit }) : null,
    food: parse.food ? (matcher.food(parse.food) ?? { name: parse.food }) : null,
  },
): ParsedIngredient {
  let { unit, food } = resolved
  if (parse.unit && parse.food) {
    // Exact only: a fuzzy match of "cups all-purpose flour" would find "all-purpose flour" and lose the unit.
    const joined = matcher.exactFood(`${parse.unit} ${parse.food}`)
    if (joined) {
      food = joined
      unit = null
    }
  }
  const displayed = { quantity: parse.quantity, unit, food, note: parse.note }
  return {
    input: parse.input,
    confidence: parse.confidence,
    ingredient: {
      ...displayed,
      isFood: true,
      disableAmount: false,
      display: ingredientDisplay(displayed),
      title: parse.title,
      originalText: parse.input,
      referenceId: randomUUID(),
      referencedRecipe: null,
    },
  }
}

/**
 * A line the parser is not sure of, kept as written until a person parses it (as Mealie keeps scraped lines): the
 * line is the note, so the recipe shows it word for word, and `originalText`, which the parser page starts from.
 */
function writtenIngredient(line: string): ParsedRecipeIngredient {
  return {
    quantity: null,
    unit: null,
    food: null,
    note: line,
    isFood: false,
    disableAmount: true,
    display: line,
    title: '',
    originalText: line,
    referenceId: randomUUID(),
    referencedRecipe: null,
  }
}

/**
 * Parses ingredient lines with Larder's own model and matches them to a group's foods and units — for the importers
 * (scraper, migrations), which call it with their transaction. One ingredient per line, in order, `originalText`
 * the line; matched units and foods are the group's rows, unmatched ones `{ name }` as the recipe language's seed
 * lists name them (imported-units.ts); words that are no unit go to the note. A line the parser is not sure of
 * (`sure`: a word left out, or a line confidence below `sureConfidence`) is kept as written rather than saved wrong.
 * Reads only; creates nothing.
 */
export async function parseAndMatchIngredients(
  executor: Executor,
  groupId: string,
  lines: string[],
): Promise<ParsedRecipeIngredient[]> {
  if (lines.length === 0) return []
  const [parser, vocabulary, catalogues] = await Promise.all([
    loadParser(),
    loadGroupVocabulary(executor, groupId, null),
    seedCatalogues(),
  ])
  const matcher = createMatcher(vocabulary, parser.canonicalUnitName)
  const parses = nlpParses(parser, lines)
  const language = recipeLanguageOf(catalogues, {
    units: parses.flatMap((parse) => (parse.unit ? [parse.unit] : [])),
    foods: parses.flatMap((parse) => (parse.food ? [parse.food] : [])),
  })
  return parses.map((parse) => {
    if (!parse.sure) return writtenIngredient(parse.input)
    const { unit, notAUnit } = importedUnit(parse.unit, matcher, language)
    const food = importedFood(parse.food, matcher, language)
    const note = notAUnit ? [notAUnit, parse.note].filter(Boolean).join(' ') : parse.note
    return matched({ ...parse, unit: unit ? parse.unit : null, note }, matcher, { unit, food }).ingredient
  })
}

/** The names the group writes its units by, for the openai parser's prompt (docs/mealie-compatibility.md "OpenAI parser"). */
function unitNamesOf(vocabulary: GroupVocabulary): string[] {
  return vocabulary.units.flatMap((unit) =>
    [unit.name, unit.pluralName, unit.abbreviation, unit.pluralAbbreviation, ...unit.aliases.map((alias) => alias.name)]
      .map((name) => name?.trim() ?? '')
      .filter(Boolean),
  )
}

export function createParserService(deps: { db: Database; ai: OpenAIParserDependencies['ai'] }) {
  const { db, ai } = deps

  async function openAIParses(lines: string[], vocabulary: GroupVocabulary): Promise<UnmatchedParse[]> {
    const answers = await parseWithOpenAI({ ai, unitNames: unitNamesOf(vocabulary) }, lines)
    return answers.map((answer) => ({
      input: answer.input,
      title: '',
      quantity: answer.quantity,
      unit: answer.unit,
      food: answer.food,
      note: answer.note,
      confidence: { ...noConfidence, average: answer.confidence.average },
      sure: false,
    }))
  }

  return {
    /** `POST /api/parser/ingredients`: one ParsedIngredient per line, in order, matched to the caller's group. */
    async parse(scope: Scope, parser: RegisteredParser, lines: string[]): Promise<ParsedIngredient[]> {
      if (lines.length === 0) return []
      const vocabulary = await loadGroupVocabulary(db, scope.groupId, scope.householdId)
      const model = await loadParser()
      const matcher = createMatcher(vocabulary, model.canonicalUnitName)
      const unmatched =
        parser === 'openai'
          ? await openAIParses(lines, vocabulary)
          : parser === 'brute'
            ? bruteParses(model, lines, matcher)
            : nlpParses(model, lines)
      return unmatched.map((parse) => matched(parse, matcher))
    },
  }
}

export type ParserService = ReturnType<typeof createParserService>
