// Starts the built app once, runs every end-to-end test file against it with node's test runner, then stops it.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { startLarder } from './larder-server.js'

const testsDirectory = path.resolve(import.meta.dirname, '../tests')
const files = readdirSync(testsDirectory)
  .filter((name) => name.endsWith('.e2e.ts'))
  .filter((name) => !process.argv[2] || name.includes(process.argv[2]))
  .map((name) => path.join(testsDirectory, name))

const larder = await startLarder()
let exitCode = 1
try {
  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      env: { ...process.env, LARDER_URL: larder.baseUrl },
      stdio: 'inherit',
    })
    child.once('exit', (code) => resolve(code ?? 1))
  })
} finally {
  await larder.stop()
}
process.exit(exitCode)
