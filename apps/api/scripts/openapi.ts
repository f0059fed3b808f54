// Writes the OpenAPI document to apps/api/openapi.json from the contracts, with the builder the server serves it
// from; `--check` fails instead when the committed file is stale, so every change to the wire shows in review.
import fs from 'node:fs'
import path from 'node:path'
import { allEndpoints } from '@larder/contracts'
import prettier from 'prettier'
import { buildOpenApiDocument } from '../src/http/openapi.js'

const file = path.resolve(import.meta.dirname, '../openapi.json')
// The committed document describes the source, not one release: the served one carries the running version.
const document = buildOpenApiDocument(allEndpoints, 'develop')
const text = await prettier.format(JSON.stringify(document), {
  ...(await prettier.resolveConfig(file)),
  filepath: file,
})

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  if (committed !== text) {
    console.error(`${path.relative(process.cwd(), file)} is stale: the contracts changed the wire. Run: pnpm openapi`)
    process.exit(1)
  }
  console.log('The committed OpenAPI document matches the contracts.')
} else {
  fs.writeFileSync(file, text)
  console.log(`Wrote ${path.relative(process.cwd(), file)}`)
}
