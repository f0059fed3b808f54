import type { FeatureValues } from './features.js'
import {
  bestLabels,
  emissionScores,
  encodeBase64,
  labels,
  templateRows,
  type SequenceModel,
  type WeightsFile,
} from './sequence-model.js'

/**
 * The averaged structured perceptron (Collins 2002): decode each training line with the current weights, and where
 * the best path differs from the gold one, add the gold path's features and subtract the predicted path's. The
 * weights kept are the average over every step, which generalises far better than the last ones. Deterministic:
 * the line order of each epoch comes from a seeded generator.
 */
export interface TrainingLine {
  /** Feature names per token (`featureNames`). */
  features: string[][]
  /** The same features as the parser reads them (`lineFeatures`). */
  values: FeatureValues[]
  gold: number[]
}

interface Accumulator {
  weights: Float64Array
  totals: Float64Array
  stamps: Float64Array
}

const labelCount = labels.length

function accumulator(size: number): Accumulator {
  return { weights: new Float64Array(size), totals: new Float64Array(size), stamps: new Float64Array(size) }
}

function bump(target: Accumulator, index: number, delta: number, step: number) {
  target.totals[index]! += (step - target.stamps[index]!) * target.weights[index]!
  target.stamps[index] = step
  target.weights[index]! += delta
}

function averaged(target: Accumulator, step: number): Float64Array {
  return target.weights.map((weight, index) => (target.totals[index]! + (step - target.stamps[index]!) * weight) / step)
}

/** A seeded generator (mulberry32), so that two runs shuffle alike. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

export interface TrainedModel {
  features: string[]
  /** `features.length × labelCount` averaged emission weights. */
  emissions: Float64Array
  transitions: Float64Array
}

export function trainPerceptron(
  lines: readonly TrainingLine[],
  epochs: number,
  onEpoch?: (epoch: number, mistakes: number, lines: number) => void,
  seed = 13,
): TrainedModel {
  const featureIndex = new Map<string, number>()
  for (const line of lines)
    for (const names of line.features)
      for (const name of names) if (!featureIndex.has(name)) featureIndex.set(name, featureIndex.size)
  const emissions = accumulator(featureIndex.size * labelCount)
  const transitions = accumulator((labelCount + 1) * labelCount)
  const indexed = lines.map((line) => ({
    gold: line.gold,
    features: line.features.map((names) => names.map((name) => featureIndex.get(name)!)),
  }))
  const random = seededRandom(seed)
  const order = indexed.map((_, index) => index)
  let step = 1
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1))
      ;[order[index], order[other]] = [order[other]!, order[index]!]
    }
    let mistakes = 0
    for (const lineIndex of order) {
      const line = indexed[lineIndex]!
      const scores = new Float64Array(line.features.length * labelCount)
      line.features.forEach((ids, position) => {
        for (const id of ids)
          for (let label = 0; label < labelCount; label++)
            scores[position * labelCount + label]! += emissions.weights[id * labelCount + label]!
      })
      const predicted = bestLabels(scores, transitions.weights, labelCount)
      if (predicted.every((label, position) => label === line.gold[position])) {
        step++
        continue
      }
      mistakes++
      for (let position = 0; position < predicted.length; position++) {
        const gold = line.gold[position]!
        const guess = predicted[position]!
        const goldBefore = position === 0 ? labelCount : line.gold[position - 1]!
        const guessBefore = position === 0 ? labelCount : predicted[position - 1]!
        if (gold !== guess) {
          for (const id of line.features[position]!) {
            bump(emissions, id * labelCount + gold, 1, step)
            bump(emissions, id * labelCount + guess, -1, step)
          }
        }
        if (gold !== guess || goldBefore !== guessBefore) {
          bump(transitions, goldBefore * labelCount + gold, 1, step)
          bump(transitions, guessBefore * labelCount + guess, -1, step)
        }
      }
      step++
    }
    onEpoch?.(epoch + 1, mistakes, order.length)
  }
  return {
    features: [...featureIndex.keys()],
    emissions: averaged(emissions, step),
    transitions: averaged(transitions, step),
  }
}

/**
 * The weights file: features whose largest weight is below `minimum` are dropped (they change almost no decision),
 * the rest quantised to int8 with one scale.
 */
export function compactWeights(model: TrainedModel, minimum: number, temperature: number): WeightsFile {
  const kept: number[] = []
  let largest = 0
  for (let feature = 0; feature < model.features.length; feature++) {
    let featureLargest = 0
    for (let label = 0; label < labelCount; label++)
      featureLargest = Math.max(featureLargest, Math.abs(model.emissions[feature * labelCount + label]!))
    if (featureLargest >= minimum) {
      kept.push(feature)
      largest = Math.max(largest, featureLargest)
    }
  }
  const scale = largest / 127
  const quantised = new Int8Array(kept.length * labelCount)
  kept.forEach((feature, row) => {
    for (let label = 0; label < labelCount; label++)
      quantised[row * labelCount + label] = Math.round(model.emissions[feature * labelCount + label]! / scale)
  })
  return {
    version: 1,
    labels: [...labels],
    scale,
    temperature,
    features: kept.map((feature) => model.features[feature]).join('\n'),
    weights: encodeBase64(new Uint8Array(quantised.buffer)),
    transitions: [...model.transitions].map((weight) => Math.round(weight * 1000) / 1000),
  }
}

/** The model as the decoder reads it, straight from the trained (unquantised) weights. */
export function trainedSequenceModel(model: TrainedModel, temperature = 1): SequenceModel {
  const rows = templateRows(
    model.features.map(
      (name, feature) =>
        [name, Float32Array.from(model.emissions.subarray(feature * labelCount, (feature + 1) * labelCount))] as const,
    ),
  )
  return { labelCount, rows, transitions: model.transitions, temperature }
}

/** The softmax temperature that best explains the gold labels of some lines (least negative log-likelihood). */
export function fittedTemperature(model: SequenceModel, lines: readonly TrainingLine[]): number {
  let best = 1
  let bestLoss = Infinity
  for (const temperature of [0.25, 0.5, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32]) {
    let loss = 0
    for (const line of lines) {
      const scores = emissionScores(model, line.values)
      line.gold.forEach((gold, position) => {
        const before = position === 0 ? model.labelCount : line.gold[position - 1]!
        const row = [...scores.subarray(position * model.labelCount, (position + 1) * model.labelCount)].map(
          (score, label) => (score + model.transitions[before * model.labelCount + label]!) / temperature,
        )
        const max = Math.max(...row)
        const total = row.reduce((sum, value) => sum + Math.exp(value - max), 0)
        loss -= row[gold]! - max - Math.log(total)
      })
    }
    if (loss < bestLoss) {
      bestLoss = loss
      best = temperature
    }
  }
  return best
}
