/** Replaced at build time by the release version; source checkouts report "develop", as Mealie's do. */
declare const __LARDER_VERSION__: string | undefined
export const version: string = typeof __LARDER_VERSION__ === 'string' ? __LARDER_VERSION__ : 'develop'
