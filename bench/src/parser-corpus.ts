/**
 * bench/parser-corpus (issue #13, "Proof and figures"): the offline ingredient parser on the validation split of
 * the labelled corpus lines (`<corpus>/ingredients/*.csv`, every line whose stable hash of `input` is divisible by
 * 10 — the lines training never saw). Prints quantity exact, unit exact (after alias normalisation), food and note
 * word-F1, food exact, sentence accuracy, how many lines the parser rates sure and how many of those are right, and
 * lines per second on one core.
 *
 * With `--hold-out`, also the figure on a source the model never saw: for each CSV in turn, a model trained in
 * memory on the other CSVs' training lines only (as `train:parser` trains the shipped one) parses every line of the
 * CSV left out. The validation split shares sites, authors and years with training; a source left out does not.
 *
 *   pnpm --filter @larder/bench bench:parser-corpus
 *   pnpm --filter @larder/bench bench:parser-corpus -- --hold-out   # and each source left out of training in turn
 *   pnpm --filter @larder/bench bench:parser-corpus -- --dir /other/labelled/csvs --all   # lines from elsewhere
 */
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import {
  isValidationLine,
  labelledLines,
  parseIngredientLines,
  scoreParses,
  shippedModel,
  type LabelledLine,
  type ParserScores,
} from '@larder/kitchen/ingredient-parser'
import { heldOutModel } from '@larder/kitchen/ingredient-parser/model-training'
import { isEntryPoint, repoRoot } from './lib/paths.js'
import { metric, newResult, publish, round, type BenchResult } from './lib/report.js'

const corpusDirectory = process.env.LARDER_CORPUS_DIR ?? path.resolve(repoRoot, '../shared/corpus')
/** The speed run parses for this much CPU time (after three warm-up passes), or until the wall-time limit. */
const speedRunCpuSeconds = 4
const speedRunLimitMs = 60_000

interface Source {
  /** The file name without `.csv` ("cookstr-2017"). */
  name: string
  lines: LabelledLine[]
}

function readSources(directory: string): Source[] {
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.csv'))
    .sort()
  if (!files.length) throw new Error(`No labelled ingredient CSV in ${directory}`)
  return files.map((name) => ({
    name: name.replace(/\.csv$/, ''),
    lines: labelledLines(readFileSync(path.join(directory, name), 'utf8')),
  }))
}

const percent = (share: number) => round(share * 100, 2)

/**
 * Each source left out in turn: trained on the training lines of the others, scored on every line of the one left
 * out. The rules (unit vocabulary, size words, alternatives) are written by hand and stay in, so this measures the
 * model's reach beyond its sources, not the rules'.
 */
function heldOutRuns(sources: readonly Source[]): { source: string; scores: ParserScores; trainedOn: number }[] {
  if (sources.length < 2) throw new Error('--hold-out needs at least two labelled CSVs, one to leave out')
  return sources.map((heldOut) => {
    const training = sources
      .filter((source) => source !== heldOut)
      .flatMap((source) => source.lines.filter((line) => !isValidationLine(line.input)))
    const compiled = heldOutModel(training)
    const parses = parseIngredientLines(
      heldOut.lines.map((line) => line.input),
      compiled,
    )
    return { source: heldOut.name, scores: scoreParses(heldOut.lines, parses), trainedOn: training.length }
  })
}

function heldOutMetrics(run: { source: string; scores: ParserScores }) {
  const { source, scores } = run
  const id = source.replace(/[^a-z0-9]+/gi, '_').toLowerCase()
  return [
    metric({
      id: `held_out_${id}_food_exact`,
      label: `${source} left out: food words exactly right`,
      value: percent(scores.foodExact),
      unit: '%',
    }),
    metric({
      id: `held_out_${id}_quantity_exact`,
      label: `${source} left out: quantity exact`,
      value: percent(scores.quantityExact),
      unit: '%',
    }),
    metric({
      id: `held_out_${id}_unit_exact`,
      label: `${source} left out: unit exact`,
      value: percent(scores.unitExact),
      unit: '%',
    }),
    metric({
      id: `held_out_${id}_sure_share`,
      label: `${source} left out: lines rated sure`,
      value: percent(scores.sureShare),
      unit: '%',
    }),
    metric({
      id: `held_out_${id}_sure_precision`,
      label: `${source} left out: sure lines right`,
      value: percent(scores.surePrecision),
      unit: '%',
    }),
  ]
}

export function runParserCorpus(argv: string[]): BenchResult {
  const startedAt = new Date()
  const directoryIndex = argv.indexOf('--dir')
  const directory = directoryIndex >= 0 ? argv[directoryIndex + 1]! : path.join(corpusDirectory, 'ingredients')
  const everyLine = argv.includes('--all')
  const sources = readSources(directory)
  const files = sources.map((source) => `${source.name}.csv`)
  const lines = sources.flatMap((source) => source.lines)
  const measured = everyLine ? lines : lines.filter((line) => isValidationLine(line.input))
  const loadStarted = performance.now()
  shippedModel()
  const loadMs = performance.now() - loadStarted

  const parses = parseIngredientLines(measured.map((line) => line.input))
  const scores = scoreParses(measured, parses)

  // Lines per second of CPU time of this one thread, and per second of wall time: on a machine shared with other
  // work the wall figure drops with the load, while the CPU figure is what one core does.
  const inputs = measured.map((line) => line.input)
  for (let pass = 0; pass < 3; pass++) parseIngredientLines(inputs)
  let parsed = 0
  const speedStarted = performance.now()
  const cpuStarted = process.cpuUsage()
  const cpuSeconds = () => {
    const used = process.cpuUsage(cpuStarted)
    return (used.user + used.system) / 1e6
  }
  while (cpuSeconds() < speedRunCpuSeconds && performance.now() - speedStarted < speedRunLimitMs) {
    parseIngredientLines(inputs)
    parsed += inputs.length
  }
  const cpu = process.cpuUsage(cpuStarted)
  const wallSeconds = (performance.now() - speedStarted) / 1000
  const linesPerSecond = parsed / ((cpu.user + cpu.system) / 1e6)
  const linesPerWallSecond = parsed / wallSeconds

  const heldOut = argv.includes('--hold-out') ? heldOutRuns(sources) : []
  const metrics = [
    metric({
      id: 'quantity_exact',
      label: 'quantity exact',
      value: percent(scores.quantityExact),
      unit: '%',
      budget: { kind: 'min', limit: 98 },
    }),
    metric({
      id: 'unit_exact',
      label: 'unit exact (after alias normalisation)',
      value: percent(scores.unitExact),
      unit: '%',
      budget: { kind: 'min', limit: 97 },
    }),
    metric({
      id: 'food_f1',
      label: 'food word-F1',
      value: round(scores.foodF1, 4),
      unit: '',
      budget: { kind: 'min', limit: 0.95 },
    }),
    metric({
      id: 'food_exact',
      label: 'food words exactly right (plurals folded)',
      value: percent(scores.foodExact),
      unit: '%',
    }),
    metric({ id: 'note_f1', label: 'note word-F1', value: round(scores.noteF1, 4), unit: '' }),
    metric({
      id: 'sure_precision',
      label: 'lines rated sure with quantity, unit and food right',
      value: percent(scores.surePrecision),
      unit: '%',
      budget: { kind: 'min', limit: 97 },
    }),
    metric({ id: 'sure_share', label: 'lines rated sure', value: percent(scores.sureShare), unit: '%' }),
    metric({
      id: 'sentence_accuracy',
      label: 'sentence accuracy (all four right)',
      value: percent(scores.sentenceAccuracy),
      unit: '%',
    }),
    metric({
      id: 'lines_per_second',
      label: 'lines/s, one core (per CPU second)',
      value: Math.round(linesPerSecond),
      unit: 'lines/s',
      budget: { kind: 'min', limit: 20_000 },
    }),
    metric({
      id: 'lines_per_wall_second',
      label: 'lines/s, wall clock (drops with machine load)',
      value: Math.round(linesPerWallSecond),
      unit: 'lines/s',
    }),
    ...heldOut.flatMap(heldOutMetrics),
  ]
  const notes = [
    `${measured.length} lines measured (${everyLine ? 'every line' : 'validation split: stable hash of input % 10 = 0, never trained on'}) of ${lines.length} in ${files.join(', ')} (${directory})`,
    `weights loaded in ${round(loadMs)} ms; speed: ${parsed} lines parsed (run with --single-threaded: the collector works on the measured thread) over ${round(wallSeconds, 2)} s wall, ${round((cpu.user + cpu.system) / 1e6, 2)} s CPU; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
    ...heldOut.map(
      (run) =>
        `${run.source} left out: a model trained in memory on the ${run.trainedOn} training lines of the other sources, scored on all ${run.scores.lines} of its lines`,
    ),
  ]
  return newResult('parser-corpus', startedAt, metrics, notes, { scores, directory, everyLine, heldOut })
}

if (isEntryPoint(import.meta.url)) {
  try {
    const result = runParserCorpus(process.argv.slice(2))
    publish(result)
    process.exitCode = result.ok ? 0 : 1
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 2
  }
}
