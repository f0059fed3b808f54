// `vitest run` that cannot hang CI. A test that blocks its worker's event loop (an endless loop, a render loop)
// stops vitest's own timeouts from firing, so the run used to wait forever without failing. This runs vitest in its
// own process group with a reporter that records progress; when no test has started or finished for
// TEST_STALL_MINUTES (default 5), it names the test files still running and the test each was at, kills the whole
// group (the stuck worker too) and fails. Arguments are passed to `vitest run`.
import { spawn } from 'node:child_process'
import { readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const stallMs = Number(process.env.TEST_STALL_MINUTES ?? 5) * 60_000
const progressFile = join(tmpdir(), `vitest-progress-${process.pid}.json`)
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
const reporter = new URL('./vitest-progress-reporter.mjs', import.meta.url).pathname
const started = Date.now()

const child = spawn(
  process.execPath,
  [vitest, 'run', '--reporter=default', `--reporter=${reporter}`, ...process.argv.slice(2)],
  { stdio: 'inherit', detached: true, env: { ...process.env, VITEST_PROGRESS_FILE: progressFile } },
)
const killGroup = () => {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

function lastProgress() {
  try {
    return statSync(progressFile).mtimeMs
  } catch {
    return started
  }
}

function stillRunning() {
  try {
    return JSON.parse(readFileSync(progressFile, 'utf8')).running
  } catch {
    return []
  }
}

const watch = setInterval(() => {
  const quiet = Date.now() - lastProgress()
  if (quiet < stallMs) return
  clearInterval(watch)
  const lines = stillRunning().map(({ file, test }) => {
    if (!test) return `  ${file} (none of its tests had reported yet)`
    return `  ${file} — ${test.state === 'started' ? 'in' : 'after'} "${test.name}"`
  })
  console.error(
    [
      '',
      `vitest made no progress for ${Math.round(quiet / 1000)} s: a test is blocking its worker's event loop`,
      "(an endless loop or render loop), so vitest's own timeouts cannot fire. Still running:",
      ...(lines.length > 0 ? lines : ['  (no test file had started)']),
      'Stopping the run.',
    ].join('\n'),
  )
  killGroup()
  rmSync(progressFile, { force: true })
  process.exit(1)
}, 1000)

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killGroup()
    process.exit(1)
  })
}

child.on('exit', (code, signal) => {
  clearInterval(watch)
  rmSync(progressFile, { force: true })
  process.exit(code ?? (signal ? 1 : 0))
})
