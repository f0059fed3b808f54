import { cpSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'tsup'

const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages are TypeScript sources: bundle them; everything from npm stays external.
  noExternal: [/^@larder\//],
  define: { __LARDER_VERSION__: JSON.stringify(`v${rootPackage.version}`) },
  onSuccess: () => {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true })
    return Promise.resolve()
  },
})
