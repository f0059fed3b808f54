import type { GroupDataExport } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { exportPollMs, nextExportPollMs } from './recipe-exports'

const now = Date.parse('2026-03-05T12:00:00Z')
const startedAgo = (ms: number, status: GroupDataExport['status'] = 'building') =>
  ({ status, createdAt: new Date(now - ms).toISOString() }) as GroupDataExport

describe('asking for the exports again while one builds', () => {
  it('asks soon after a build starts, then backs off with its age, and never stops while one builds', () => {
    expect(nextExportPollMs([startedAgo(0)], now)).toBe(exportPollMs)
    expect(nextExportPollMs([startedAgo(60_000)], now)).toBe(6000)
    // A build stuck for hours is still asked about, every half minute.
    expect(nextExportPollMs([startedAgo(5 * 3600_000)], now)).toBe(30_000)
    // The newest build sets the pace.
    expect(nextExportPollMs([startedAgo(5 * 3600_000), startedAgo(1000)], now)).toBe(exportPollMs)
  })

  it('does not ask while nothing builds', () => {
    expect(nextExportPollMs(undefined, now)).toBe(false)
    expect(nextExportPollMs([startedAgo(0, 'ready'), startedAgo(0, 'failed')], now)).toBe(false)
  })
})
