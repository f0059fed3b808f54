import { lineContext, ownWordValues, type FeatureTemplate, type TokenContext } from './features.js'
import { featureTemplates } from './features.js'
import type { SequenceModel } from './sequence-model.js'
import type { Token } from './tokenise.js'

/**
 * The parser's fast path to the same emission scores as `emissionScores(model, lineFeatures(tokens))`: instead of
 * building about twenty feature strings per token and looking each up, it looks a word up once (its own, previous,
 * next rows come together), reads the word-class combinations from arrays, and finds word pairs in nested maps
 * keyed by strings that already exist. A test holds the two paths equal on the corpus.
 */
interface WordRows {
  own: Float32Array
  asPrevious: Float32Array | null
  asNext: Float32Array | null
  asPrevious2: Float32Array | null
  asNext2: Float32Array | null
}

export interface CompiledModel {
  model: SequenceModel
  /** Emission scores, token-major; the array is reused by the next call and may be longer than the line. */
  scores: (contexts: readonly TokenContext[]) => Float64Array
}

const classCodes = 'AUSNW,P.<>'
const classCount = classCodes.length
const codeOf = (wordClass: string) => classCodes.indexOf(wordClass)

function template(model: SequenceModel, name: FeatureTemplate): ReadonlyMap<string, Float32Array> {
  return model.rows[featureTemplates.indexOf(name)]!
}

/** Rows of a template whose values are word-class strings, in an array indexed by the classes' codes. */
function classTable(model: SequenceModel, name: FeatureTemplate): (Float32Array | null)[] {
  const rows = template(model, name)
  const length = [...rows.keys()].reduce((longest, key) => Math.max(longest, key.length), 1)
  const table = new Array<Float32Array | null>(classCount ** length).fill(null)
  for (const [key, row] of rows) {
    let index = 0
    for (const character of key) index = index * classCount + codeOf(character)
    if (![...key].some((character) => codeOf(character) < 0)) table[index] = row
  }
  return table
}

/** Word-pair rows (`pw`, `wn`): first word → second word → row. */
function pairTable(model: SequenceModel, name: FeatureTemplate): Map<string, Map<string, Float32Array>> {
  const table = new Map<string, Map<string, Float32Array>>()
  for (const [key, row] of template(model, name)) {
    // A word never holds "|"; a lone "|" token is the only first part that does.
    const split = key.startsWith('|') ? 1 : key.indexOf('|')
    const first = key.slice(0, split)
    const second = key.slice(split + 1)
    let inner = table.get(first)
    if (!inner) table.set(first, (inner = new Map<string, Float32Array>()))
    inner.set(second, row)
  }
  return table
}

function add(scores: Float64Array, offset: number, row: Float32Array | null | undefined) {
  if (!row) return
  for (let label = 0; label < row.length; label++) scores[offset + label]! += row[label]!
}

export function compileModel(model: SequenceModel): CompiledModel {
  const { labelCount } = model
  const bias = template(model, 'b').get('1') ?? null
  const [classRows, classPairsBefore, classPairsAfter, classTriples, classTriplesBefore] = [
    classTable(model, 'c'),
    classTable(model, 'cp'),
    classTable(model, 'cn'),
    classTable(model, 'cc'),
    classTable(model, 'c2'),
  ]
  // The templates of small fixed domains (position, parenthesis, commas, seen, capital) summed once per combination.
  const situationTemplates = ['pos', 'paren', 'comma', 'commas', 'seen', 'cap'] as const
  const situationRows: (Float32Array | undefined)[] = []
  const situationRow = (context: TokenContext): Float32Array => {
    let row = situationRows[context.situation]
    if (row) return row
    row = new Float32Array(labelCount)
    for (const name of situationTemplates) {
      const value = context[name === 'pos' ? 'position' : name]
      const part = value === null ? undefined : template(model, name).get(value)
      if (part) for (let label = 0; label < labelCount; label++) row[label]! += part[label]!
    }
    situationRows[context.situation] = row
    return row
  }
  const previousPairs = pairTable(model, 'pw')
  const nextPairs = pairTable(model, 'wn')
  const ownTemplates = ['w', 's3', 's2', 'p3', 'shape'] as const
  const wordCache = new Map<string, WordRows>()
  const wordRows = (word: string, isWord: boolean): WordRows => {
    const cacheKey = isWord ? word : `\u0000${word}`
    let rows = wordCache.get(cacheKey)
    if (rows) return rows
    const own = new Float32Array(labelCount)
    const values = ownWordValues(word, isWord)
    for (const name of ownTemplates) {
      const value = values[name]
      const row = value === undefined ? undefined : template(model, name).get(value)
      if (row) for (let label = 0; label < labelCount; label++) own[label]! += row[label]!
    }
    if (bias) for (let label = 0; label < labelCount; label++) own[label]! += bias[label]!
    rows = {
      own,
      asPrevious: template(model, 'p').get(word) ?? null,
      asNext: template(model, 'n').get(word) ?? null,
      asPrevious2: template(model, 'pp').get(word) ?? null,
      asNext2: template(model, 'nn').get(word) ?? null,
    }
    // Bounded: a server that parses forever must not grow without end.
    if (wordCache.size > 100_000) wordCache.clear()
    wordCache.set(cacheKey, rows)
    return rows
  }
  const start = wordRows('<s>', false)
  const end = wordRows('</s>', false)
  // The scores of the line being parsed, reused from line to line (valid until the next call).
  let scratch = new Float64Array(64 * labelCount)
  const startCode = codeOf('<')
  const endCode = codeOf('>')

  const scores = (contexts: readonly TokenContext[]): Float64Array => {
    const count = contexts.length
    if (scratch.length < count * labelCount) scratch = new Float64Array(count * labelCount * 2)
    const result = scratch
    result.fill(0, 0, count * labelCount)
    const words = contexts.map((context) => wordRows(context.word, context.isWord))
    const codes = contexts.map((context) => codeOf(context.wordClass))
    for (let index = 0; index < count; index++) {
      const context = contexts[index]!
      const offset = index * labelCount
      const here = codes[index]!
      const before = index > 0 ? codes[index - 1]! : startCode
      const after = index + 1 < count ? codes[index + 1]! : endCode
      const beforeBefore = index > 1 ? codes[index - 2]! : startCode
      add(result, offset, words[index]!.own)
      add(result, offset, classRows[here])
      add(result, offset, (index > 0 ? words[index - 1]! : start).asPrevious)
      add(result, offset, (index + 1 < count ? words[index + 1]! : end).asNext)
      add(result, offset, (index > 1 ? words[index - 2]! : start).asPrevious2)
      add(result, offset, (index + 2 < count ? words[index + 2]! : end).asNext2)
      const previousWord = index > 0 ? contexts[index - 1]!.word : '<s>'
      const nextWord = index + 1 < count ? contexts[index + 1]!.word : '</s>'
      add(result, offset, previousPairs.get(previousWord)?.get(context.word))
      add(result, offset, nextPairs.get(context.word)?.get(nextWord))
      add(result, offset, classTriples[(before * classCount + here) * classCount + after])
      add(result, offset, classPairsBefore[before * classCount + here])
      add(result, offset, classPairsAfter[here * classCount + after])
      add(result, offset, classTriplesBefore[(beforeBefore * classCount + before) * classCount + here])
      add(result, offset, situationRow(context))
    }
    return result
  }
  return { model, scores }
}

/** Emission scores of a line's tokens through the compiled model. */
export function compiledEmissions(compiled: CompiledModel, tokens: readonly Token[]): Float64Array {
  return compiled.scores(lineContext(tokens))
}
