/**
 * Measures the ingredient parser on the labelled corpus: on every line, on the validation split (never trained on)
 * and per source file. With `--hold-out <file stem>` it also trains a model in memory on the other files only and
 * measures it on the held-out one: the parser on a source and year it never saw, rules included.
 *
 *   pnpm --filter @larder/kitchen evaluate:parser
 *   pnpm --filter @larder/kitchen evaluate:parser -- --hold-out cookstr-2017
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileModel, type CompiledModel } from '../src/ingredient-parser/compiled-model.js'
import { featureNames, lineFeatures } from '../src/ingredient-parser/features.js'
import {
  isValidationLine,
  labelledLines,
  tokenLabels,
  type LabelledLine,
} from '../src/ingredient-parser/labelled-corpus.js'
import { parseIngredientLines, shippedModel } from '../src/ingredient-parser/parse-ingredient.js'
import { scoreParses } from '../src/ingredient-parser/parser-evaluation.js'
import {
  compactWeights,
  fittedTemperature,
  trainedSequenceModel,
  trainPerceptron,
  type TrainingLine,
} from '../src/ingredient-parser/perceptron-training.js'
import { labels, loadSequenceModel } from '../src/ingredient-parser/sequence-model.js'
import { corpusDirectory } from './corpus-files.js'

const directory = join(corpusDirectory(), 'ingredients')
const sources = readdirSync(directory)
  .filter((name) => name.endsWith('.csv'))
  .sort()
  .map((name) => ({
    name: name.replace(/\.csv$/, ''),
    lines: labelledLines(readFileSync(join(directory, name), 'utf8')),
  }))

const percent = (share: number) => `${(share * 100).toFixed(1)} %`.padStart(8)

function report(title: string, lines: readonly LabelledLine[], compiled: CompiledModel) {
  const scores = scoreParses(
    lines,
    parseIngredientLines(
      lines.map((line) => line.input),
      compiled,
    ),
  )
  console.log(
    `${title.padEnd(34)} ${String(scores.lines).padStart(6)} ${percent(scores.quantityExact)} ${percent(scores.unitExact)}` +
      ` ${percent(scores.foodExact)} ${percent(scores.foodF1)} ${percent(scores.sentenceAccuracy)}` +
      ` ${percent(scores.sureShare)} ${percent(scores.surePrecision)}`,
  )
}

function heading() {
  console.log(
    `${'lines'.padEnd(34)} ${'count'.padStart(6)} ${'qty'.padStart(8)} ${'unit'.padStart(8)} ${'food'.padStart(8)}` +
      ` ${'food F1'.padStart(8)} ${'all four'.padStart(8)} ${'sure'.padStart(8)} ${'sure ok'.padStart(8)}`,
  )
}

/** A model trained as the training script does, on these lines only, kept in memory. */
function modelTrainedOn(lines: readonly LabelledLine[]): CompiledModel {
  const labelIndex = new Map(labels.map((label, index) => [label, index]))
  const training: TrainingLine[] = lines.map((line) => {
    const { tokens, labels: gold } = tokenLabels(line)
    const values = lineFeatures(tokens)
    return { features: values.map(featureNames), values, gold: gold.map((label) => labelIndex.get(label)!) }
  })
  const trained = trainPerceptron(training, Number(process.env.PARSER_EPOCHS ?? 12))
  const temperature = fittedTemperature(
    trainedSequenceModel(trained),
    training.filter((_, index) => index % 10 === 0),
  )
  return compileModel(loadSequenceModel(compactWeights(trained, Number(process.env.PARSER_PRUNE ?? 0.05), temperature)))
}

const all = sources.flatMap((source) => source.lines)
console.log('qty, unit: exact; food: food words exactly right (plurals folded); all four: qty, unit, food, note words')
console.log('sure: share of lines rated sure; sure ok: of those, qty, unit and food all right\n')
heading()
report('shipped model, every line', all, shippedModel())
report(
  'shipped model, validation split',
  all.filter((line) => isValidationLine(line.input)),
  shippedModel(),
)
for (const source of sources) {
  report(
    `  ${source.name}, validation split`,
    source.lines.filter((line) => isValidationLine(line.input)),
    shippedModel(),
  )
}

const holdOutIndex = process.argv.indexOf('--hold-out')
if (holdOutIndex >= 0) {
  const heldOut = sources.find((source) => source.name === process.argv[holdOutIndex + 1])
  if (!heldOut) throw new Error(`No source ${process.argv[holdOutIndex + 1]} in ${directory}`)
  const others = sources.filter((source) => source !== heldOut).flatMap((source) => source.lines)
  const compiled = modelTrainedOn(others.filter((line) => !isValidationLine(line.input)))
  heading()
  report(`trained without ${heldOut.name}, on it`, heldOut.lines, compiled)
}
