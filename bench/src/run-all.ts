/**
 * `pnpm bench`: the three benches of docs/budgets.md "How the budgets are measured" in sequence, each publishing its own figures and results/<name>.json,
 * then one summary table (and results/summary.json). Exit code 1 when a budget is missed, 2 when a bench failed to run.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runAboutThroughput } from './about-throughput.js'
import { runColdStart } from './cold-start.js'
import { runIdleMemory } from './idle-memory.js'
import { requireBuiltLarder, resultsDirectory } from './lib/paths.js'
import { metricRows, padTable, publish, type BenchResult } from './lib/report.js'
import { cleanUpEverything, installCleanupHandlers } from './lib/servers.js'

const benches: [string, () => Promise<BenchResult>][] = [
  ['cold-start', runColdStart],
  ['idle-memory', runIdleMemory],
  ['about-throughput', runAboutThroughput],
]

// The whole run stays well under five minutes; past this something hangs, and the handler cleans up and exits.
installCleanupHandlers(290_000)

const startedAt = Date.now()
const results: BenchResult[] = []
const failures: string[] = []
try {
  requireBuiltLarder()
  for (const [name, run] of benches) {
    try {
      const result = await run()
      publish(result)
      results.push(result)
    } catch (error) {
      failures.push(name)
      console.error(`\n${name} failed to run:`, error instanceof Error ? (error.stack ?? error.message) : error)
    } finally {
      await cleanUpEverything()
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  failures.push('setup')
}

const rows = results.flatMap((result) =>
  metricRows(result.metrics.filter((m) => m.budget)).map((row) => [result.bench, ...row]),
)
console.log(`\n══ summary (${((Date.now() - startedAt) / 1000).toFixed(0)} s) ══`)
console.log(padTable([['bench', 'figure', 'value', 'budget', 'ratio', 'floor', ''], ...rows]))
for (const name of failures) console.log(`${name}: did not run to the end (see above)`)
const missed = results.flatMap((result) =>
  result.metrics.filter((m) => m.pass === false).map((m) => `${result.bench}/${m.id}`),
)
console.log(
  missed.length === 0 && failures.length === 0 ? 'all budgets met' : `budgets missed: ${missed.join(', ') || 'none'}`,
)

mkdirSync(resultsDirectory, { recursive: true })
const summary = { ok: missed.length === 0 && failures.length === 0, missed, failures, results }
writeFileSync(path.join(resultsDirectory, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`)
console.log(JSON.stringify({ bench: 'summary', ok: summary.ok, missed, failures }))
await cleanUpEverything()
process.exit(failures.length > 0 ? 2 : missed.length > 0 ? 1 : 0)
