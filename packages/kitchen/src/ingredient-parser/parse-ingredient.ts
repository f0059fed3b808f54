import { assembleIngredient, type LabelledToken, type ParsedIngredientLine } from './assemble.js'
import { multiWordUnitLength } from './unit-vocabulary.js'
import { compiledEmissions, compileModel, type CompiledModel } from './compiled-model.js'
import { bestLabels, labelConfidences, labels, loadSequenceModel, type WeightsFile } from './sequence-model.js'
import { correctLabels } from './label-corrections.js'
import { tokenise, type Token } from './tokenise.js'
import weights from './weights.json' with { type: 'json' }

let loaded: CompiledModel | null = null

/** The shipped model, read from `weights.json` on first use (tens of milliseconds) and kept. */
export function shippedModel(): CompiledModel {
  loaded ??= compileModel(loadSequenceModel(weights as WeightsFile))
  return loaded
}

/**
 * Text the tokeniser should not see: HTML tags, list bullets, runs of whitespace, and the "(s)" of "tablespoon(s)" or
 * "egg(s)", which sites print to fit any amount: the word is read as its plural.
 */
export function cleanedLine(line: string): string {
  return line
    .replace(/(\p{L})\((e?s)\)/gu, '$1$2')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/^\s*(?:[•·*▪◦‣]|-(?=\s))\s*/u, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Parses one ingredient line with the statistical sequence labeller: quantity (and the top of a range), unit,
 * food, note and how sure it is of each. Never throws: an empty or garbage line gives empty parts.
 */
export function parseIngredientLine(line: unknown, compiled: CompiledModel = shippedModel()): ParsedIngredientLine {
  const input = typeof line === 'string' ? line : ''
  const text = cleanedLine(input)
  const tokens = tokenise(text)
  const { model } = compiled
  const emissions = compiledEmissions(compiled, tokens)
  const path = labelsNamingAFood(emissions, compiled, tokens)
  const confidences = labelConfidences(model, emissions, path)
  const items = tokens.map((token, index) => ({ token, label: labels[path[index]!]!, confidence: confidences[index]! }))
  labelMultiWordUnits(items)
  correctLabels(items)
  const parsed = assembleIngredient(text, items)
  return { ...parsed, food: parsed.food && withoutLeadingArticle(parsed.food), input }
}

const nameLabel = labels.indexOf('NAME')

/**
 * The best labels of a line that names a food. An ingredient line always does, so when the best path has no food
 * ("1 small, fresh red chile, seeded" read as all note) the words are pushed towards the food, a little more each
 * try, until one of them is; the labels keep the model's confidences, so such a line is never rated sure.
 */
function labelsNamingAFood(emissions: Float64Array, compiled: CompiledModel, tokens: readonly Token[]): number[] {
  const { labelCount, transitions } = compiled.model
  const path = bestLabels(emissions, transitions, labelCount, tokens.length)
  if (path.includes(nameLabel) || !tokens.some((token) => token.kind === 'word')) return path
  const pushed = emissions.slice(0, tokens.length * labelCount)
  for (let push = 1; push <= 64; push *= 2) {
    tokens.forEach((token, index) => {
      if (token.kind === 'word')
        pushed[index * labelCount + nameLabel] = emissions[index * labelCount + nameLabel]! + push
    })
    const tried = bestLabels(pushed, transitions, labelCount, tokens.length)
    if (tried.includes(nameLabel)) return tried
  }
  return path
}

/**
 * A unit of several words right after an amount ("2 cuillères à soupe", "10 fl oz") is one unit, whatever the
 * model made of its words: the corpus is English, so the model has seldom seen such phrases.
 */
function labelMultiWordUnits(items: LabelledToken[]) {
  const words = items.map((item) => item.token.text)
  for (let index = 1; index < items.length; index++) {
    if (items[index - 1]!.label !== 'QTY') continue
    const length = multiWordUnitLength(words, index)
    for (let offset = 0; offset < length; offset++) items[index + offset]!.label = 'UNIT'
  }
}

/** "de sucre" → "sucre", "d'ail" → "ail", "of salt" → "salt": the partitive the unit left behind. */
function withoutLeadingArticle(food: string): string {
  return food.replace(/^(?:de|des|du|of|van|von)\s+(?=\S)|^d['’](?=\S)/iu, '') || food
}

/** Parses many lines; the answer has one entry per line, in the same order. */
export function parseIngredientLines(
  lines: readonly unknown[],
  compiled: CompiledModel = shippedModel(),
): ParsedIngredientLine[] {
  return lines.map((line) => parseIngredientLine(line, compiled))
}
