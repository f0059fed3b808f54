import type { Plugin } from 'vite'
import { encodeLogoPng } from './logo-png.ts'

/** Emits the PNG app icons (drawn in code, the same mark as public/icons/icon.svg) so no binary lives in git. */
export function pwaIconsPlugin(): Plugin {
  return {
    name: 'larder:pwa-icons',
    apply: 'build',
    generateBundle() {
      for (const size of [192, 512]) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: encodeLogoPng(size) })
      }
    },
  }
}
