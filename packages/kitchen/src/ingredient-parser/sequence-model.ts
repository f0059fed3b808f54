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
  /** Row of emission weights per feature. */
  rows: ReadonlyMap<string, Float32Array>
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
  const rows = new Map<string, Float32Array>()
  names.forEach((name, featureIndex) => {
    const row = new Float32Array(labelCount)
    for (let label = 0; label < labelCount; label++) row[label] = quantised[featureIndex * labelCount + label]! * file.scale
    rows.set(name, row)
  })
  return { labelCount, rows, transitions: Float64Array.from(file.transitions), temperature: file.temperature }
}

/** Emission scores, one row of `labelCount` per token. */
export function emissionScores(model: Pick<SequenceModel, 'labelCount' | 'rows'>, features: string[][]): Float64Array[] {
  return features.map((names) => {
    const scores = new Float64Array(model.labelCount)
    for (const name of names) {
      const row = model.rows.get(name)
      if (!row) continue
      for (let label = 0; label < model.labelCount; label++) scores[label]! += row[label]!
    }
    return scores
  })
}

/** The best label sequence under the emission and transition scores (Viterbi). */
export function bestLabels(emissions: readonly Float64Array[], transitions: Float64Array, labelCount: number): number[] {
  const length = emissions.length
  if (length === 0) return []
  const start = labelCount * labelCount
  let scores = new Float64Array(labelCount)
  for (let label = 0; label < labelCount; label++) scores[label] = transitions[start + label]! + emissions[0]![label]!
  const back: Int32Array[] = []
  for (let position = 1; position < length; position++) {
    const next = new Float64Array(labelCount)
    const pointers = new Int32Array(labelCount)
    const emission = emissions[position]!
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
      next[label] = best + emission[label]!
      pointers[label] = bestPrevious
    }
    back.push(pointers)
    scores = next
  }
  let last = 0
  for (let label = 1; label < labelCount; label++) if (scores[label]! > scores[last]!) last = label
  const path = new Array<number>(length)
  path[length - 1] = last
  for (let position = length - 1; position > 0; position--) {
    last = back[position - 1]![last]!
    path[position - 1] = last
  }
  return path
}

/**
 * How sure the model is of each chosen label: a softmax over the token's label scores (emission plus the transition
 * from the chosen previous label), read at the chosen label.
 */
export function labelConfidences(model: SequenceModel, emissions: readonly Float64Array[], path: readonly number[]): number[] {
  const { labelCount, transitions, temperature } = model
  return path.map((chosen, position) => {
    const previousRow = position === 0 ? labelCount : path[position - 1]!
    const emission = emissions[position]!
    let max = -Infinity
    const scores = new Float64Array(labelCount)
    for (let label = 0; label < labelCount; label++) {
      scores[label] = (emission[label]! + transitions[previousRow * labelCount + label]!) / temperature
      if (scores[label]! > max) max = scores[label]!
    }
    let total = 0
    for (let label = 0; label < labelCount; label++) total += Math.exp(scores[label]! - max)
    return Math.exp(scores[chosen]! - max) / total
  })
}
