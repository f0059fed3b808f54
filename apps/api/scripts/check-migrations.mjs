// Fails when the Drizzle schema has changes that no committed migration holds: drizzle-kit generates into a scratch
// copy of the migrations folder, and any new file there means someone forgot `pnpm db:generate`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const apiDirectory = path.resolve(import.meta.dirname, '..')
const committed = path.join(apiDirectory, 'src/db/migrations')
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-migrations-'))
fs.cpSync(committed, scratch, { recursive: true })
const config = path.join(apiDirectory, `drizzle.check.${process.pid}.config.ts`)
fs.writeFileSync(
  config,
  `import { defineConfig } from 'drizzle-kit'\nexport default defineConfig({ dialect: 'postgresql', schema: './src/db/schema/index.ts', out: ${JSON.stringify(scratch)} })\n`,
)
try {
  execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: apiDirectory, stdio: 'pipe' })
} finally {
  fs.rmSync(config)
}
const before = new Set(fs.readdirSync(committed))
const added = fs.readdirSync(scratch).filter((name) => !before.has(name))
fs.rmSync(scratch, { recursive: true, force: true })
if (added.length > 0) {
  console.error(`The schema has changes without a migration (${added.join(', ')}). Run: pnpm db:generate`)
  process.exit(1)
}
console.log('Schema and migrations agree.')
