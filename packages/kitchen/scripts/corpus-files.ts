import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { labelledLines, type LabelledLine } from '../src/ingredient-parser/labelled-corpus.js'

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** The shared corpus: `LARDER_CORPUS_DIR`, else `<repository>/../shared/corpus` (read in place, never copied). */
export function corpusDirectory(): string {
  return process.env.LARDER_CORPUS_DIR ?? resolve(repositoryRoot, '../shared/corpus')
}

/** Every labelled line of `<corpus>/ingredients/*.csv`, file by file in name order. */
export function corpusIngredientLines(directory = join(corpusDirectory(), 'ingredients')): LabelledLine[] {
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.csv'))
    .sort()
  if (!files.length) throw new Error(`No labelled ingredient CSV in ${directory}`)
  return files.flatMap((name) => labelledLines(readFileSync(join(directory, name), 'utf8')))
}
