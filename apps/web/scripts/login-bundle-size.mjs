// Prints the gzip size of the JavaScript a browser loads for /login (docs/budgets.md "Web budgets" budget: 150 KB): the entry and its
// static imports, plus the lazy chunks of the blank layout, the login page and the en-US locale with theirs.
import { readFileSync, readdirSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'

const dist = new URL('../dist/', import.meta.url).pathname
const assets = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'))
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1]
if (!entry) throw new Error('No entry script in dist/index.html')

const lazyStarts = ['BlankLayout-', 'login-', 'en-US-'].map((prefix) => {
  const found = assets.find((name) => name.startsWith(prefix))
  if (!found) throw new Error(`No chunk starting with ${prefix}`)
  return found
})

const loaded = new Set()
function visit(name) {
  if (loaded.has(name)) return
  loaded.add(name)
  const code = readFileSync(join(dist, 'assets', name), 'utf8')
  // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`; dynamic import() is not followed.
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(match[1])
}
for (const name of [entry, ...lazyStarts]) visit(name)

let raw = 0
let gzip = 0
const rows = []
for (const name of loaded) {
  const bytes = readFileSync(join(dist, 'assets', name))
  const zipped = gzipSync(bytes, { level: 9 }).length
  raw += bytes.length
  gzip += zipped
  rows.push([name, zipped])
}
rows.sort((a, b) => b[1] - a[1])
for (const [name, zipped] of rows) console.log(`${(zipped / 1024).toFixed(1).padStart(7)} KB  ${name}`)
console.log(
  `\n/login loads ${loaded.size} JS files: ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`,
)
