import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { resultsDirectory } from './paths.js'

/** A budget: the figure must stay at most (`max`) or at least (`min`) `limit`. */
export interface Budget {
  kind: 'max' | 'min'
  limit: number
}

export interface Metric {
  /** Stable identifier, e.g. `restart_empty_ms`. */
  id: string
  label: string
  value: number
  unit: string
  budget?: Budget
  /** The floor measured in the same run, for reference (docs/budgets.md "How the budgets are measured"). */
  floor?: { label: string; value: number }
  /** value ÷ budget limit: ≤ 1 passes a `max` budget, ≥ 1 passes a `min` one. */
  budgetRatio?: number
  /** value ÷ floor. */
  floorRatio?: number
  pass?: boolean
}

export interface BenchResult {
  bench: string
  ok: boolean
  startedAt: string
  durationMs: number
  machine: { cpus: number; cpuModel: string; node: string; platform: string; memoryMb: number }
  metrics: Metric[]
  notes: string[]
  details: Record<string, unknown>
}

export function metric(input: Omit<Metric, 'budgetRatio' | 'floorRatio' | 'pass'>): Metric {
  const result: Metric = { ...input }
  if (input.budget) {
    result.budgetRatio = round(input.value / input.budget.limit, 3)
    result.pass = input.budget.kind === 'max' ? input.value <= input.budget.limit : input.value >= input.budget.limit
  }
  if (input.floor && input.floor.value !== 0) result.floorRatio = round(input.value / input.floor.value, 3)
  return result
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

function machine(): BenchResult['machine'] {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${os.platform()}-${os.arch()} ${os.release()}`,
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
  }
}

export function formatValue(value: number, unit: string): string {
  const digits = unit === 'ms' || unit === 'MB' ? 1 : unit === 'req/s' || unit === 'score' ? 0 : 3
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits === 3 ? 2 : 0 })} ${unit}`.trim()
}

function describeBudget(m: Metric): string {
  if (!m.budget) return ''
  return `${m.budget.kind === 'max' ? '≤' : '≥'} ${formatValue(m.budget.limit, m.unit)}`
}

export function padTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

export function metricRows(metrics: Metric[]): string[][] {
  return metrics.map((m) => [
    m.label,
    formatValue(m.value, m.unit),
    describeBudget(m) || '—',
    m.budgetRatio !== undefined ? `${m.budgetRatio.toFixed(2)}× budget` : '',
    m.floor ? `floor ${formatValue(m.floor.value, m.unit)} (${m.floor.label}) → ${m.floorRatio?.toFixed(2)}×` : '',
    m.pass === undefined ? '' : m.pass ? 'PASS' : 'FAIL',
  ])
}

/** Prints the human table and notes, then one machine-readable JSON line, and writes results/<bench>.json. */
export function publish(result: BenchResult): void {
  console.log(`\n── ${result.bench} ──`)
  console.log(padTable([['figure', 'value', 'budget', 'ratio', 'floor', ''], ...metricRows(result.metrics)]))
  for (const note of result.notes) console.log(`  · ${note}`)
  mkdirSync(resultsDirectory, { recursive: true })
  const file = path.join(resultsDirectory, `${result.bench}.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  console.log(`  → ${path.relative(process.cwd(), file) || file}`)
  console.log(JSON.stringify({ bench: result.bench, ok: result.ok, metrics: result.metrics }))
}

export function newResult(
  bench: string,
  startedAt: Date,
  metrics: Metric[],
  notes: string[],
  details: Record<string, unknown>,
): BenchResult {
  return {
    bench,
    ok: metrics.every((m) => m.pass !== false),
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(Date.now() - startedAt.getTime()),
    machine: machine(),
    metrics,
    notes,
    details,
  }
}
