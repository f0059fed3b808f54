/**
 * Trains the ingredient parser's sequence labeller on the labelled corpus lines outside the validation split and
 * writes `src/ingredient-parser/weights.json`. Deterministic: the same corpus gives the same file.
 *
 *   LARDER_CORPUS_DIR=/path/to/corpus pnpm --filter @larder/kitchen train:parser
 */
import { statSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { isValidationLine } from '../src/ingredient-parser/labelled-corpus.js'
import { shippedTraining, trainedWeights } from '../src/ingredient-parser/model-training.js'
import { corpusIngredientLines } from './corpus-files.js'

const all = corpusIngredientLines()
const training = all.filter((line) => !isValidationLine(line.input))
console.log(`${all.length} labelled lines: ${training.length} for training, ${all.length - training.length} held out`)

const started = performance.now()
const file = trainedWeights(training, {
  epochs: Number(process.env.PARSER_EPOCHS ?? shippedTraining.epochs),
  pruneBelow: Number(process.env.PARSER_PRUNE ?? shippedTraining.pruneBelow),
  onEpoch: (epoch, mistakes, lines) => console.log(`epoch ${epoch}: ${mistakes} lines wrong of ${lines}`),
})
const target = fileURLToPath(new URL('../src/ingredient-parser/weights.json', import.meta.url))
writeFileSync(target, `${JSON.stringify(file)}\n`)
console.log(
  `trained in ${((performance.now() - started) / 1000).toFixed(1)} s; ${file.features.split('\n').length} features kept; ` +
    `temperature ${file.temperature}; ${(statSync(target).size / 1024).toFixed(0)} KiB written to ${target}`,
)
