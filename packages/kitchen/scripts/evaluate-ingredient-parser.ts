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
import type { CompiledModel } from '../src/ingredient-parser/compiled-model.js'
import { isValidationLine, labelledLines, type LabelledLine } from '../src/ingredient-parser/labelled-corpus.js'
import { heldOutModel, shippedTraining } from '../src/ingredient-parser/model-training.js'
import { parseIngredientLines, shippedModel } from '../src/ingredient-parser/parse-ingredient.js'
import { scoreParses } from '../src/ingredient-parser/parser-evaluation.js'
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
  const compiled = heldOutModel(
    others.filter((line) => !isValidationLine(line.input)),
    {
      epochs: Number(process.env.PARSER_EPOCHS ?? shippedTraining.epochs),
      pruneBelow: Number(process.env.PARSER_PRUNE ?? shippedTraining.pruneBelow),
    },
  )
  heading()
  report(`trained without ${heldOut.name}, on it`, heldOut.lines, compiled)
}
