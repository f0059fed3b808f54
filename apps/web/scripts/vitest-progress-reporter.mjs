// A vitest reporter that prints nothing: it keeps, in the file named by VITEST_PROGRESS_FILE, which test files are
// running and the test each is at, rewritten on every event, for vitest-watchdog.mjs to judge progress and to name
// what hangs. It runs in vitest's main process, which a worker stuck in an endless loop does not block.
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'

export default class ProgressReporter {
  running = new Map()

  write() {
    const file = process.env.VITEST_PROGRESS_FILE
    if (!file) return
    const running = [...this.running].map(([file, test]) => ({ file, test }))
    writeFileSync(file, JSON.stringify({ at: Date.now(), running }))
  }

  name(testModule) {
    return relative(process.cwd(), testModule.moduleId)
  }

  onTestModuleStart(testModule) {
    this.running.set(this.name(testModule), null)
    this.write()
  }

  onTestModuleEnd(testModule) {
    this.running.delete(this.name(testModule))
    this.write()
  }

  onTestCaseReady(testCase) {
    this.running.set(this.name(testCase.module), { name: testCase.fullName, state: 'started' })
    this.write()
  }

  onTestCaseResult(testCase) {
    this.running.set(this.name(testCase.module), { name: testCase.fullName, state: 'finished' })
    this.write()
  }
}
