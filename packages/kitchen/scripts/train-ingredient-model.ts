/**
 * Trains the ingredient parser's sequence labeller on the labelled corpus lines outside the validation split and
 * writes `src/ingredient-parser/weights.json`. Deterministic: the same corpus gives the same file.
 *
 *   LARDER_CORPUS_DIR=/path/to/corpus pnpm --filter @larder/kitchen train:parser
 */
import { statSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { featureNames, lineFeatures } from '../src/ingredient-parser/features.js'
import { isValidationLine, tokenLabels } from '../src/ingredient-parser/labelled-corpus.js'
import {
  compactWeights,
  fittedTemperature,
  trainedSequenceModel,
  trainPerceptron,
  type TrainingLine,
} from '../src/ingredient-parser/perceptron-training.js'
import { labels } from '../src/ingredient-parser/sequence-model.js'
import { corpusIngredientLines } from './corpus-files.js'

const epochs = Number(process.env.PARSER_EPOCHS ?? 12)
/** Features whose largest |weight| is below this are dropped from the shipped file. */
const pruneBelow = Number(process.env.PARSER_PRUNE ?? 0.05)

const all = corpusIngredientLines()
const training = all.filter((line) => !isValidationLine(line.input))
const labelIndex = new Map(labels.map((label, index) => [label, index]))
const trainingLines: TrainingLine[] = training.map((line) => {
  const { tokens, labels: tokenLabelsOfLine } = tokenLabels(line)
  const values = lineFeatures(tokens)
  return { features: values.map(featureNames), values, gold: tokenLabelsOfLine.map((label) => labelIndex.get(label)!) }
})
console.log(`${all.length} labelled lines: ${training.length} for training, ${all.length - training.length} held out`)

const started = performance.now()
const trained = trainPerceptron(trainingLines, epochs)
const temperature = fittedTemperature(
  trainedSequenceModel(trained),
  trainingLines.filter((_, index) => index % 10 === 0),
)
const file = compactWeights(trained, pruneBelow, temperature)
const target = fileURLToPath(new URL('../src/ingredient-parser/weights.json', import.meta.url))
writeFileSync(target, `${JSON.stringify(file)}\n`)
const kept = file.features.split('\n').length
console.log(
  `trained in ${((performance.now() - started) / 1000).toFixed(1)} s; ${kept} of ${trained.features.length} features kept; ` +
    `temperature ${temperature}; ${(statSync(target).size / 1024).toFixed(0)} KiB written to ${target}`,
)
