import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Text the server sends as files; index.html is served from memory (its config tag is filled in per server). */
const compressible = /\.(?:js|mjs|css|svg|json|webmanifest|txt)$/
/** Below this a compressed body saves less than the round of negotiation is worth. */
const minimumBytes = 1024

/**
 * Writes a `.br` and a `.gz` next to every built text file, for @fastify/static's `preCompressed` (apps/api
 * src/web-shell/web-app.ts): the server then sends them as they are instead of compressing per request. Both are
 * deterministic (the gzip header carries no time or name), so the same build gives the same bytes. Runs after the
 * files are written, so no other plugin (the service worker's precache list) ever sees them.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'larder:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const directory = options.dir ?? path.dirname(options.file ?? '')
      const files = Object.keys(bundle).filter((name) => compressible.test(name))
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(directory, name)
          const source = await readFile(file)
          if (source.byteLength < minimumBytes) return
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
          ])
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
        }),
      )
    },
  }
}
