import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** bench/ */
export const benchRoot = path.resolve(here, '../..')
/** The workspace root. */
export const repoRoot = path.resolve(benchRoot, '..')
/** The bundled API that `pnpm build` produces. */
export const larderMain = path.join(repoRoot, 'apps/api/dist/main.js')
/** The bare Fastify hello-world used as the floor. */
export const helloServer = path.join(benchRoot, 'src/servers/hello-fastify.mjs')
/** Where each bench writes `<name>.json` (gitignored). */
export const resultsDirectory = path.join(benchRoot, 'results')
/** The built web client, which Larder serves when present (it adds a little to start-up). */
export const webDist = path.join(repoRoot, 'apps/web/dist/index.html')

export function requireBuiltLarder(): void {
  if (!existsSync(larderMain)) {
    throw new Error(
      `${path.relative(repoRoot, larderMain)} is missing: run \`pnpm build\` (or \`pnpm --filter @larder/api build\`) first`,
    )
  }
}

/** True when the module at `moduleUrl` is the script node (or tsx) was asked to run. */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1]
  if (!script) return false
  const target = fileURLToPath(moduleUrl)
  const given = path.resolve(script)
  return given === target || given === target.replace(/\.ts$/, '') || given === target.replace(/\.ts$/, '.js')
}
