import { compileModel, type CompiledModel } from './compiled-model.js'
import { featureNames, lineFeatures } from './features.js'
import { tokenLabels, type LabelledLine } from './labelled-corpus.js'
import {
  compactWeights,
  fittedTemperature,
  trainedSequenceModel,
  trainPerceptron,
  type TrainingLine,
} from './perceptron-training.js'
import { labels, loadSequenceModel, type WeightsFile } from './sequence-model.js'

export interface TrainingOptions {
  epochs: number
  /** Features whose largest |weight| is below this are dropped from the weights file. */
  pruneBelow: number
  /** Called after each epoch with how many lines it got wrong. */
  onEpoch?: (epoch: number, mistakes: number, lines: number) => void
}

/** What the shipped `weights.json` was trained with (`pnpm --filter @larder/kitchen train:parser`). */
export const shippedTraining: TrainingOptions = { epochs: 12, pruneBelow: 0.05 }

/**
 * The weights file of a model trained on these labelled lines: token labels read from the columns, the averaged
 * perceptron, the softmax temperature fitted on every tenth training line, small weights pruned. Deterministic, so
 * that the training script, the evaluation script and the bench's held-out runs all make the same model from the
 * same lines.
 */
export function trainedWeights(
  lines: readonly LabelledLine[],
  options: TrainingOptions = shippedTraining,
): WeightsFile {
  const labelIndex = new Map(labels.map((label, index) => [label, index]))
  const training: TrainingLine[] = lines.map((line) => {
    const { tokens, labels: gold } = tokenLabels(line)
    const values = lineFeatures(tokens)
    return { features: values.map(featureNames), values, gold: gold.map((label) => labelIndex.get(label)!) }
  })
  const trained = trainPerceptron(training, options.epochs, options.onEpoch)
  const temperature = fittedTemperature(
    trainedSequenceModel(trained),
    training.filter((_, index) => index % 10 === 0),
  )
  return compactWeights(trained, options.pruneBelow, temperature)
}

/** A model trained as the shipped one is, on these lines only, ready to parse with: for figures on unseen sources. */
export function heldOutModel(lines: readonly LabelledLine[], options = shippedTraining): CompiledModel {
  return compileModel(loadSequenceModel(trainedWeights(lines, options)))
}
