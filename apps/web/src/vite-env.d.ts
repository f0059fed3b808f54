/// <reference types="vite/client" />

/** The id of this build, also written to dist/build-manifest.json ("development" under the dev server). */
declare const __BUILD_ID__: string
