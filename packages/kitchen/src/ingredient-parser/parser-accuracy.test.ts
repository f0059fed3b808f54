import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusIngredientLines } from '../../scripts/corpus-files.js'
import { isValidationLine } from './labelled-corpus.js'
import { parseIngredientLines } from './parse-ingredient.js'
import { scoreParses } from './parser-evaluation.js'

const corpus = join(process.env.LARDER_CORPUS_DIR ?? join(__dirname, '../../../../../shared/corpus'), 'ingredients')

describe.runIf(existsSync(corpus))('the parser on the validation split (lines training never saw)', () => {
  const lines = existsSync(corpus) ? corpusIngredientLines(corpus).filter((line) => isValidationLine(line.input)) : []
  const scores = scoreParses(lines, parseIngredientLines(lines.map((line) => line.input)))

  it('has the quantity, unit and food right in at least 97 % of the lines it rates sure', () => {
    expect(scores.surePrecision).toBeGreaterThanOrEqual(0.97)
  })

  it('rates most lines sure, so that few are left for a person to parse', () => {
    expect(scores.sureShare).toBeGreaterThanOrEqual(0.75)
  })

  it('keeps its accuracy: quantity, unit and food', () => {
    expect(scores.quantityExact).toBeGreaterThanOrEqual(0.98)
    expect(scores.unitExact).toBeGreaterThanOrEqual(0.97)
    expect(scores.foodExact).toBeGreaterThanOrEqual(0.95)
  })
})
