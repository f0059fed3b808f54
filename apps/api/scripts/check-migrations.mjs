// Fails when the Drizzle schema has changes that no committed migration holds: drizzle-kit generates into a scratch
// copy of the migrations folder, and any new file there means someone forgot `pnpm db:generate`.
//
// Everything drizzle-kit is given lives in the scratch folder and is named relative to it: drizzle-kit reads `out`
// relative to where it runs (an absolute `out` became `.//tmp/…`, which made this check pass whatever the schema
// said), and a config inside the sources would be read half-written by lint and typecheck running beside it in CI.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const apiDirectory = path.resolve(import.meta.dirname, '..')
const committed = path.join(apiDirectory, 'src/db/migrations')
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-migrations-'))
try {
  fs.cpSync(committed, path.join(scratch, 'migrations'), { recursive: true })
  const schema = path.join(apiDirectory, 'src/db/schema/index.ts')
  fs.writeFileSync(
    path.join(scratch, 'drizzle.config.mjs'),
    `export default { dialect: 'postgresql', schema: ${JSON.stringify(schema)}, out: './migrations' }\n`,
  )
  execFileSync(
    path.join(apiDirectory, 'node_modules/.bin/drizzle-kit'),
    ['generate', '--config', 'drizzle.config.mjs'],
    {
      cwd: scratch,
      stdio: 'pipe',
    },
  )
  const before = new Set(fs.readdirSync(committed))
  const added = fs.readdirSync(path.join(scratch, 'migrations')).filter((name) => !before.has(name))
  if (added.length > 0) {
    console.error(`The schema has changes without a migration (${added.join(', ')}). Run: pnpm db:generate`)
    process.exitCode = 1
  } else {
    console.log('Schema and migrations agree.')
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true })
}
