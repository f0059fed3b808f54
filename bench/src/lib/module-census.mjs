// Loaded with `node --import` by the cold-start bench for one extra, untimed start: counts the files (ES modules
// through a loader hook, CommonJS through require's cache) that the process has loaded when it first listens, and
// writes them to LARDER_MODULE_CENSUS. Unlike a start's wall time this does not change with the machine's load.
import { statSync, writeFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'
import net from 'node:net'
import { MessageChannel } from 'node:worker_threads'

const { port1, port2 } = new MessageChannel()
const esModules = new Set()
port1.on('message', (url) => esModules.add(url))
port1.unref()
const hook = `let port
export function initialize(data) { port = data.port }
export async function load(url, context, next) { const result = await next(url, context); port.postMessage(url); return result }`
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] })

const require = createRequire(import.meta.url)
const listen = net.Server.prototype.listen
let written = false
net.Server.prototype.listen = function (...args) {
  // The loader thread reports asynchronously: wait a moment for the last URLs.
  if (!written) setTimeout(census, 50)
  return listen.apply(this, args)
}

function census() {
  if (written) return
  written = true
  const paths = new Set(Object.keys(require.cache))
  for (const url of esModules) if (url.startsWith('file:')) paths.add(new URL(url).pathname)
  const files = []
  for (const path of paths) {
    try {
      files.push({ path, bytes: statSync(path).size })
    } catch {
      // not a file (a built-in)
    }
  }
  writeFileSync(process.env.LARDER_MODULE_CENSUS, JSON.stringify(files))
}
