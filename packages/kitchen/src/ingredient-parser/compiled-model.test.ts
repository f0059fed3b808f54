import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compiledEmissions } from './compiled-model.js'
import { lineFeatures } from './features.js'
import { labelledLines } from './labelled-corpus.js'
import { cleanedLine, shippedModel } from './parse-ingredient.js'
import { emissionScores } from './sequence-model.js'
import { tokenise } from './tokenise.js'

const corpus = join(process.env.LARDER_CORPUS_DIR ?? join(__dirname, '../../../../../shared/corpus'), 'ingredients')
const handWritten = [
  '1 1/2 cups all-purpose flour',
  '150g/5½oz butter | softened',
  '| salt',
  '2-3 EL Olivenöl',
  '1 c.à.s. de sucre',
  '',
  '(((',
  'For the sauce:',
]

describe('the compiled model', () => {
  it('scores every token exactly as the feature strings the model was trained on', () => {
    const lines = existsSync(corpus)
      ? labelledLines(readFileSync(join(corpus, 'bbc-2017.csv'), 'utf8'))
          .slice(0, 1500)
          .map((line) => line.input)
      : []
    const compiled = shippedModel()
    for (const line of [...handWritten, ...lines]) {
      const tokens = tokenise(cleanedLine(line))
      const fast = compiledEmissions(compiled, tokens)
      const reference = emissionScores(compiled.model, lineFeatures(tokens))
      reference.forEach((score, index) => expect(fast[index]).toBeCloseTo(score, 4))
    }
  }, 60_000) // every line of a corpus file through both scorers: seconds on a busy 2-core machine, not a speed check
})
