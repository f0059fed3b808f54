import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { buildManifestPlugin } from './vite/build-manifest-plugin.ts'
import { serviceWorkerPlugin } from './vite/service-worker-plugin.ts'
import { pwaIconsPlugin } from './vite/pwa-icons-plugin.ts'
import { precompressPlugin } from './vite/precompress-plugin.ts'
import { contractsWithoutZodPlugin } from './vite/contracts-without-zod-plugin.ts'
import { mantineReactIdPlugin } from './vite/mantine-react-id-plugin.ts'
import { initialChunkGroups, signedInChunkGroups } from './vite/initial-chunks.ts'

// One id per build: baked into the bundle and written to dist/build-manifest.json, so a running tab can tell
// that a newer build has been deployed (docs/web.md "Client states", update check).
const buildId = process.env.LARDER_BUILD_ID ?? `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`

export default defineConfig(({ command }) => ({
  plugins: [
    contractsWithoutZodPlugin(),
    mantineReactIdPlugin(),
    react(),
    buildManifestPlugin(buildId),
    serviceWorkerPlugin(buildId),
    pwaIconsPlugin(),
    precompressPlugin(),
  ],
  // `@/…` is apps/web/src (tsconfig.json `paths` says the same to TypeScript); vitest reads this config too.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  define: {
    __BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'development'),
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:9000', changeOrigin: false } },
  },
  preview: { port: 3000 },
  build: {
    target: 'es2022',
    // Every browser the es2022 target admits supports <link rel="modulepreload">: the polyfill would only cost the
    // first page (docs/budgets.md "Web budgets": /login ≤ 150 KB gzip).
    modulePreload: { polyfill: false },
    sourcemap: true,
    // dist/.vite/manifest.json: the server preloads a route's chunks from it with the page (api web-shell/first-paint-parts.ts).
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Schema building calls in packages/contracts (`z.object(...).meta(...)`, `endpoint(...)`) have no side
      // effects, so the declarations the web never uses can be dropped (see vite/contracts-without-zod-plugin.ts).
      treeshake: { manualPureFunctions: ['z', 'endpoint', 'paginated'] },
      // The first page's shared code in three chunks rather than dozens, and what signed-in pages share in three more
      // (vite/initial-chunks.ts).
      output: { codeSplitting: { groups: [...initialChunkGroups, ...signedInChunkGroups] } },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
}))
