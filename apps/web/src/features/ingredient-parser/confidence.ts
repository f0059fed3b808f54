/** Below this a part is worth a second look; below `doubtful` it is probably wrong (Mealie warns the same way). */
export const confidenceThresholds = { sure: 0.85, doubtful: 0.6 }

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
