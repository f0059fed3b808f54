import { assembleIngredient, type ParsedIngredientLine } from './assemble.js'
import { lineFeatures } from './features.js'
import { bestLabels, emissionScores, labelConfidences, labels, loadSequenceModel, type SequenceModel, type WeightsFile } from './sequence-model.js'
import { tokenise } from './tokenise.js'
import weights from './weights.json' with { type: 'json' }

let loaded: SequenceModel | null = null

/** The shipped model, read from `weights.json` on first use (a few milliseconds) and kept. */
export function shippedModel(): SequenceModel {
  loaded ??= loadSequenceModel(weights as WeightsFile)
  return loaded
}

/** Text the tokeniser should not see: HTML tags, list bullets, runs of whitespace. */
export function cleanedLine(line: string): string {
  return line
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
export function parseIngredientLine(line: unknown, model: SequenceModel = shippedModel()): ParsedIngredientLine {
  const input = typeof line === 'string' ? line : ''
  const text = cleanedLine(input)
  const tokens = tokenise(text)
  const emissions = emissionScores(model, lineFeatures(tokens))
  const path = bestLabels(emissions, model.transitions, model.labelCount)
  const confidences = labelConfidences(model, emissions, path)
  const items = tokens.map((token, index) => ({ token, label: labels[path[index]!]!, confidence: confidences[index]! }))
  return { ...assembleIngredient(text, items), input }
}

/** Parses many lines; the answer has one entry per line, in the same order. */
export function parseIngredientLines(lines: readonly unknown[], model: SequenceModel = shippedModel()): ParsedIngredientLine[] {
  return lines.map((line) => parseIngredientLine(line, model))
}
