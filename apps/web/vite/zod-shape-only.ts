/**
 * Stands in for `zod` inside packages/contracts in the web bundle (see contracts-without-zod-plugin.ts): every
 * property and call answers another stand-in, so `z.object({...}).meta({...}).optional()` evaluates to an inert
 * value. Nothing in the web calls parse() on a contract schema; if something did, it would throw loudly.
 */
const inert: unknown = new Proxy(function schema() {}, {
  get(_target, property) {
    if (property === 'then') return undefined // not a promise
    if (property === 'parse' || property === 'safeParse' || property === 'parseAsync') {
      return () => {
        throw new Error('Contract schemas are not available in the web bundle')
      }
    }
    if (property === Symbol.toPrimitive) return () => '[schema]'
    return inert
  },
  apply: () => inert,
})

export const z = inert
export default inert
