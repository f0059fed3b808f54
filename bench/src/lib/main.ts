import { cleanUpEverything, installCleanupHandlers } from './servers.js'
import { requireBuiltLarder } from './paths.js'
import { publish, type BenchResult } from './report.js'

/** Runs one bench as a script: checks the build, guards against hangs, publishes, always cleans up. */
export async function runAsScript(run: () => Promise<BenchResult>, limitMs = 180_000): Promise<void> {
  // A loaded machine stretches every start: BENCH_TIME_LIMIT_S gives a run more time than its usual limit.
  installCleanupHandlers(Number(process.env.BENCH_TIME_LIMIT_S) * 1000 || limitMs)
  try {
    requireBuiltLarder()
    const result = await run()
    publish(result)
    process.exitCode = result.ok ? 0 : 1
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 2
  } finally {
    await cleanUpEverything()
  }
  process.exit()
}
