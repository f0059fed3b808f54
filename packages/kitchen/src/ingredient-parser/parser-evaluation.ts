import type { ParsedIngredientLine } from './assemble.js'
import { comparableWords, expectedAnswer, type LabelledLine } from './labelled-corpus.js'
import { normalisedUnitText } from './unit-vocabulary.js'

/** The figures of issue #13's parser benchmark over some labelled lines. */
export interface ParserScores {
  lines: number
  quantityExact: number
  unitExact: number
  foodF1: number
  /** Share of lines whose food words are exactly the labelled ones (words compared, plurals folded). */
  foodExact: number
  noteF1: number
  sentenceAccuracy: number
  /** Share of lines the parser rates sure (`ParsedIngredientLine.sure`). */
  sureShare: number
  /** Of the lines rated sure, the share whose quantity, unit and food are all right. */
  surePrecision: number
}

interface Overlap {
  truePositives: number
  predicted: number
  expected: number
}

function addOverlap(total: Overlap, predicted: string[], expected: string[]): boolean {
  const pool = [...expected]
  let shared = 0
  for (const word of predicted) {
    const index = pool.indexOf(word)
    if (index >= 0) {
      pool.splice(index, 1)
      shared++
    }
  }
  total.truePositives += shared
  total.predicted += predicted.length
  total.expected += expected.length
  return shared === predicted.length && shared === expected.length
}

/** Micro-averaged F1 over the words of every line (a line with nothing expected and nothing found counts nothing). */
const f1 = ({ truePositives, predicted, expected }: Overlap) =>
  predicted + expected === 0 ? 1 : (2 * truePositives) / (predicted + expected)

/**
 * Scores parses against their labelled lines: quantity exact (the first amount, within 0.001; no amount = no
 * amount), unit exact after alias normalisation (`normalisedUnitText`), food and note word-F1 (words compared
 * lower-case and singular, punctuation left out; the note is size, preparation, comment and purpose), and the share
 * of lines where all four are right; then how many lines the parser rates sure, and how many of those have the
 * quantity, unit and food right (the parts a saved ingredient is built from).
 */
export function scoreParses(lines: readonly LabelledLine[], parses: readonly ParsedIngredientLine[]): ParserScores {
  let quantityRight = 0
  let unitRight = 0
  let allRight = 0
  let foodRight = 0
  let sure = 0
  let sureRight = 0
  const food: Overlap = { truePositives: 0, predicted: 0, expected: 0 }
  const note: Overlap = { truePositives: 0, predicted: 0, expected: 0 }
  lines.forEach((line, index) => {
    const expected = expectedAnswer(line)
    const parse = parses[index]!
    const quantityOk =
      expected.quantity === null
        ? parse.quantity === null
        : parse.quantity !== null && Math.abs(parse.quantity - expected.quantity) < 1e-3
    const unitOk = normalisedUnitText(parse.unit) === normalisedUnitText(expected.unit)
    const foodOk = addOverlap(food, comparableWords(parse.food ?? ''), expected.foodWords)
    const noteOk = addOverlap(note, comparableWords(parse.note), expected.noteWords)
    if (quantityOk) quantityRight++
    if (unitOk) unitRight++
    if (foodOk) foodRight++
    if (parse.sure) {
      sure++
      if (quantityOk && unitOk && foodOk) sureRight++
    }
    if (quantityOk && unitOk && foodOk && noteOk) allRight++
  })
  const share = (count: number) => (lines.length ? count / lines.length : 0)
  return {
    lines: lines.length,
    quantityExact: share(quantityRight),
    unitExact: share(unitRight),
    foodF1: f1(food),
    foodExact: share(foodRight),
    noteF1: f1(note),
    sentenceAccuracy: share(allRight),
    sureShare: share(sure),
    surePrecision: sure ? sureRight / sure : 0,
  }
}
