import type { Plugin } from 'vite'

/** Writes dist/build-manifest.json, which the running app polls to notice a new deployment. */
export function buildManifestPlugin(buildId: string): Plugin {
  return {
    name: 'larder:build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-manifest.json',
        source: `${JSON.stringify({ buildId }, null, 2)}\n`,
      })
    },
  }
}
