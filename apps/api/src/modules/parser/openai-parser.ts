/**
 * The `openai` ingredient parser (docs/mealie-compatibility.md "OpenAI parser"): the configured OpenAI-compatible provider splits each line into
 * quantity, unit, food and note. It answers one object per input line, in input order:
 *
 * ```ts
 * interface OpenAIParsedLine {
 *   input: string                   // the line as given
 *   quantity: number                // 0 when the line has none; ranges give their lower bound
 *   unit: string | null             // as the model read it; not matched to the group's units (the caller matches)
 *   food: string | null             // likewise
 *   note: string                    // "" when none
 *   confidence: { average: number } // 0–1; 0 for a line the model left out
 * }
 * ```
 *
 * Failures are answers already: 400 when OpenAI is not configured, 502 when the provider fails or answers something
 * that is not the expected JSON, 504 when it is too slow (modules/ai). Matching to the group's foods and units (docs/mealie-compatibility.md "Matching foods and units")
 * is the parser module's, as for every parser.
 */
import { badRequest, HttpError } from '../../http/errors.js'
import type { AiProvider } from '../ai/index.js'

export interface OpenAIParsedLine {
  input: string
  quantity: number
  unit: string | null
  food: string | null
  note: string
  confidence: { average: number }
}

export interface OpenAIParserDependencies {
  ai: AiProvider
  /** The group's unit names, abbreviations and aliases, told to the model when OPENAI_SEND_DATABASE_DATA allows. */
  unitNames?: readonly string[]
}

/**
 * Requests in flight at once for one parse. Mealie sends every batch at once; a recipe of 60 lines in batches of 2
 * would be 30 simultaneous requests, which providers' rate limits answer 429.
 */
const concurrentRequests = 6

/** Mealie's parse-recipe-ingredients prompt, in substance, with the reply's schema. */
const instructions = `You split recipe ingredient lines into their parts. The user sends a JSON array of ingredient lines.
For each line, in the same order, give:
- "input": the line exactly as given, unchanged
- "quantity": the amount as a number (fractions as decimals: "1 1/2" is 1.5); for a range use its lower bound;
  0 when there is none
- "unit": the unit of measure as written (cup, g, tbsp, clove…), or null
- "food": the ingredient itself, or null
- "note": everything else (preparation, remarks, text in parentheses), or null
- "confidence": how sure you are of this split, from 0 to 100
When unsure, put the text in "note" rather than guessing. Handle any language, plurals and typos. Never invent data.
Return exactly one item per input line.
Answer with a JSON object of this schema:
{"ingredients": [{"input": string, "quantity": number, "unit": string|null, "food": string|null, "note": string|null,
"confidence": number}]}`

function promptFor(deps: OpenAIParserDependencies): string {
  const units = deps.ai.sendDatabaseData ? (deps.unitNames ?? []).filter(Boolean) : []
  if (units.length === 0) return instructions
  return `${instructions}\n\nThe units of measure this kitchen uses; when a line uses one of them, answer with it as written here:\n${JSON.stringify([...new Set(units)])}`
}

const malformedReply = () => new HttpError(502, 'Failed to parse OpenAI response')

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

function numberOf(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : 0
}

function lineFrom(input: string, item: Record<string, unknown>): OpenAIParsedLine {
  const confidence = Math.min(100, Math.max(0, numberOf(item.confidence))) / 100
  return {
    input,
    quantity: Math.max(0, Math.round(numberOf(item.quantity) * 1000) / 1000),
    unit: textOrNull(item.unit),
    food: textOrNull(item.food),
    note: textOrNull(item.note) ?? '',
    confidence: { average: confidence },
  }
}

/** A line the model did not answer for: kept whole in the note, with no confidence, rather than lost. */
const unparsed = (input: string): OpenAIParsedLine => ({
  input,
  quantity: 0,
  unit: null,
  food: null,
  note: input,
  confidence: { average: 0 },
})

/**
 * The model's items for one batch, one per line: by position when it answered as many items as lines, else by the
 * `input` it echoed; a line left out is kept unparsed.
 */
function alignToLines(lines: readonly string[], reply: Record<string, unknown>): OpenAIParsedLine[] {
  if (!Array.isArray(reply.ingredients)) throw malformedReply()
  const items = reply.ingredients.filter(
    (item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item),
  )
  if (items.length === lines.length) return lines.map((line, index) => lineFrom(line, items[index]!))
  const unused = [...items]
  return lines.map((line) => {
    const position = unused.findIndex((item) => typeof item.input === 'string' && item.input.trim() === line.trim())
    if (position === -1) return unparsed(line)
    return lineFrom(line, unused.splice(position, 1)[0]!)
  })
}

/** Runs `task` over `items` with at most `limit` at once, answers in input order. */
async function mapBounded<Item, Result>(
  items: readonly Item[],
  limit: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length)
  let next = 0
  async function worker() {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await task(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export async function parseWithOpenAI(deps: OpenAIParserDependencies, lines: string[]): Promise<OpenAIParsedLine[]> {
  if (!deps.ai.enabled) throw badRequest('OpenAI is not configured')
  if (lines.length === 0) return []
  const system = promptFor(deps)
  const batches: string[][] = []
  for (let start = 0; start < lines.length; start += deps.ai.linesPerRequest) {
    batches.push(lines.slice(start, start + deps.ai.linesPerRequest))
  }
  const answers = await mapBounded(batches, concurrentRequests, async (batch) =>
    alignToLines(batch, await deps.ai.chatJson({ system, user: JSON.stringify(batch), temperature: 0.2 })),
  )
  return answers.flat()
}
