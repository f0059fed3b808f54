import { featureTemplates, type FeatureValues } from './features.js'

/**
 * The statistical part of the parser: a linear-chain model (emission weights per feature and label, transition
 * weights per label pair) decoded with Viterbi. The weights are learnt by the averaged structured perceptron in
 * `perceptron-training.ts` and shipped as a compact file (`weights.json`): int8 weights, one scale, base64.
 */

export const labels = ['QTY', 'UNIT', 'NAME', 'SIZE', 'PREP', 'COMMENT', 'PURPOSE', 'PUNC', 'OTHER'] as const
export type Label = (typeof labels)[number]

/** The file the training script writes and the parser loads. */
export interface WeightsFile {
  version: 1
  labels: readonly string[]
  /** A weight is `int8 × scale`. */
  scale: number
  /** Softmax temperature that turns scores into the per-part confidences. */
  temperature: number
  /** Feature names, newline separated, in the order of the weight rows. */
  features: string
  /** base64 of int8 rows of `labels.length` weights, one row per feature. */
  weights: string
  /** `(labels.length + 1) × labels.length` transition weights; the last row is the start of the line. */
  transitions: number[]
}

export interface SequenceModel {
  labelCount: number
  /** Per feature template (`featureTemplates` order): feature value → its row of emission weights. */
  rows: ReadonlyMap<string, Float32Array>[]
  /** `(labelCount + 1) × labelCount`; row `labelCount` is "before the first token". */
  transitions: Float64Array
  temperature: number
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  }
  return btoa(binary)
}

/** Reads a weights file into the form the decoder uses. */
export function loadSequenceModel(file: WeightsFile): SequenceModel {
  const labelCount = file.labels.length
  if (file.labels.join() !== labels.join()) throw new Error('The weights file was trained for other labels')
  const names = file.features.split('\n')
  const quantised = new Int8Array(decodeBase64(file.weights).buffer)
  const rows = templateRows(
    names.map((name, featureIndex) => {
      const row = new Float32Array(labelCount)
      for (let label = 0; label < labelCount; label++)
        row[label] = quantised[featureIndex * labelCount + label]! * file.scale
      return [name, row] as const
    }),
  )
  return { labelCount, rows, transitions: Float64Array.from(file.transitions), temperature: file.temperature }
}

const templateIndex = new Map<string, number>(featureTemplates.map((template, index) => [template, index]))

/** Splits `<template>=<value>` names into one map per template; names of unknown templates are left out. */
export function templateRows(entries: Iterable<readonly [string, Float32Array]>): Map<string, Float32Array>[] {
  const rows = featureTemplates.map(() => new Map<string, Float32Array>())
  for (const [name, row] of entries) {
    const separator = name.indexOf('=')
    const template = templateIndex.get(name.slice(0, separator))
    if (template !== undefined) rows[template]!.set(name.slice(separator + 1), row)
  }
  return rows
}

/** Emission scores of a line: `labelCount` scores per token, one flat array (token-major). */
export function emissionScores(
  model: Pick<SequenceModel, 'labelCount' | 'rows'>,
  features: readonly FeatureValues[],
): Float64Array {
  const { labelCount, rows } = model
  const scores = new Float64Array(features.length * labelCount)
  features.forEach((values, position) => {
    const offset = position * labelCount
    for (let template = 0; template < values.length; template++) {
      const value = values[template]
      if (value === null || value === undefined) continue
      const row = rows[template]!.get(value)
      if (!row) continue
      for (let label = 0; label < labelCount; label++) scores[offset + label]! += row[label]!
    }
  })
  return scores
}

// Scratch space of the decoder, reused from line to line: parsing allocates little, so the collector stays idle.
let viterbiScores = new Float64Array(64)
let viterbiNext = new Float64Array(64)
let backPointers = new Int32Array(1024)

/** The best label sequence under the emission and transition scores (Viterbi). */
export function bestLabels(
  emissions: Float64Array,
  transitions: Float64Array,
  labelCount: number,
  length = emissions.length / labelCount,
): number[] {
  if (length === 0) return []
  if (viterbiScores.length < labelCount) {
    viterbiScores = new Float64Array(labelCount)
    viterbiNext = new Float64Array(labelCount)
  }
  const start = labelCount * labelCount
  let scores = viterbiScores
  let next = viterbiNext
  for (let label = 0; label < labelCount; label++) scores[label] = transitions[start + label]! + emissions[label]!
  if (backPointers.length < length * labelCount) backPointers = new Int32Array(length * labelCount * 2)
  const back = backPointers
  for (let position = 1; position < length; position++) {
    const offset = position * labelCount
    for (let label = 0; label < labelCount; label++) {
      let best = -Infinity
      let bestPrevious = 0
      for (let previous = 0; previous < labelCount; previous++) {
        const score = scores[previous]! + transitions[previous * labelCount + label]!
        if (score > best) {
          best = score
          bestPrevious = previous
        }
      }
      next[label] = best + emissions[offset + label]!
      back[offset + label] = bestPrevious
    }
    const swap = scores
    scores = next
    next = swap
  }
  let last = 0
  for (let label = 1; label < labelCount; label++) if (scores[label]! > scores[last]!) last = label
  const path = new Array<number>(length)
  path[length - 1] = last
  for (let position = length - 1; position > 0; position--) {
    last = back[position * labelCount + last]!
    path[position - 1] = last
  }
  return path
}

/**
 * How sure the model is of each chosen label: a softmax over the token's label scores (emission plus the transition
 * from the chosen previous label), read at the chosen label.
 */
export function labelConfidences(model: SequenceModel, emissions: Float64Array, path: readonly number[]): number[] {
  const { labelCount, transitions, temperature } = model
  const scores = viterbiNext.length >= labelCount ? viterbiNext : new Float64Array(labelCount)
  return path.map((chosen, position) => {
    const previousRow = position === 0 ? labelCount : path[position - 1]!
    const offset = position * labelCount
    let max = -Infinity
    for (let label = 0; label < labelCount; label++) {
      scores[label] = (emissions[offset + label]! + transitions[previousRow * labelCount + label]!) / temperature
      if (scores[label]! > max) max = scores[label]!
    }
    let total = 0
    for (let label = 0; label < labelCount; label++) total += Math.exp(scores[label]! - max)
    return Math.exp(scores[chosen]! - max) / total
  })
}
