import { sureConfidence } from '@larder/kitchen'

/**
 * At or above `sure` Larder's own parser is right about 98 % of the time and an import saves its parse; below it
 * a line is worth a second look (imports keep it as written), and below `doubtful` it is probably wrong.
 */
export const confidenceThresholds = { sure: sureConfidence, doubtful: 0.5 }

export type ConfidenceLevel = 'sure' | 'unsure' | 'doubtful' | 'unknown'

export function confidenceLevel(value: number | null | undefined): ConfidenceLevel {
  if (value === null || value === undefined) return 'unknown'
  if (value >= confidenceThresholds.sure) return 'sure'
  if (value >= confidenceThresholds.doubtful) return 'unsure'
  return 'doubtful'
}

export const confidenceColor: Record<ConfidenceLevel, string> = {
  sure: 'success',
  unsure: 'warning',
  doubtful: 'error',
  unknown: 'gray',
}

export const percentOf = (value: number) => Math.round(value * 100)
