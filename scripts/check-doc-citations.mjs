#!/usr/bin/env node
/**
 * Checks how the code cites its rules (docs/architecture.md "How to cite"):
 * - every citation `docs/<file>.md "<Heading>"` must name an existing file and one of its headings, exactly (any
 *   level);
 * - no comment, test, script or doc may cite a document outside the repository by section number ("DESIGN", "reference",
 *   "spec" followed by a section sign); the section sign is written as \u00a7 here so that this file passes itself.
 * Plain Node, no dependencies. Exit 1 naming file:line for each problem; prints the number of citations checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SECTION = '\u00a7'
const roots = ['apps', 'packages', 'bench', 'e2e', 'scripts', 'docs', 'docker', 'eslint.config.js', 'README.md']
const skipDirs = new Set(['node_modules', 'dist', 'build', 'coverage', '.turbo', 'test-results', 'playwright-report'])
const textFile = /\.(?:[cm]?[jt]sx?|md|css|html|ya?ml|sql|sh)$/

function* walk(path) {
  if (!existsSync(path)) return
  const stat = statSync(path)
  if (stat.isFile()) {
    if (textFile.test(path)) yield path
    return
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipDirs.has(entry.name)) continue
    yield* walk(join(path, entry.name))
  }
}

/** Headings of a markdown file, as written after the #s, outside fenced code blocks. */
const headingsCache = new Map()
function headingsOf(file) {
  if (!headingsCache.has(file)) {
    const headings = new Set()
    let fence = null
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const fenceMark = /^\s*(```|~~~)/.exec(line)
      if (fenceMark) {
        if (fence === null) fence = fenceMark[1]
        else if (fenceMark[1] === fence) fence = null
        continue
      }
      if (fence !== null) continue
      const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)
      if (heading) headings.add(heading[1])
    }
    headingsCache.set(file, headings)
  }
  return headingsCache.get(file)
}

/** Where an outside section usually went; only a hint for the error message. */
const hints = [
  [/^DESIGN \u00a7\s?9\b/i, 'docs/budgets.md "Server budgets" or "Web budgets"'],
  [/^DESIGN \u00a7\s?1\b/i, 'docs/architecture.md "Words"'],
  [/^DESIGN \u00a7\s?2\b/i, 'docs/architecture.md "Shape of the code"'],
  [/^DESIGN \u00a7\s?3\b/i, 'docs/architecture.md "Contracts"'],
  [/^DESIGN \u00a7\s?4\b/i, 'docs/api.md "Errors"'],
  [/^DESIGN \u00a7\s?5\b/i, 'docs/architecture.md "Data" or "Tenancy and row-level access"'],
  [/^DESIGN \u00a7\s?6\b/i, 'docs/security.md "Identity and permissions"'],
  [/^DESIGN \u00a7\s?7\b/i, 'docs/web.md "The web client"'],
  [/^DESIGN \u00a7\s?8\b/i, 'docs/architecture.md "Tests"'],
  [/^DESIGN \u00a7\s?10\b/i, 'docs/security.md "Security rules"'],
  [/^DESIGN \u00a7\s?11\b/i, 'docs/architecture.md "Beyond one machine"'],
  [/spec \u00a7\s?9\b/i, 'docs/web.md "Constants" (Breakpoints, Theme, Locales, Installable app, Idle and clipboard)'],
  [/spec \u00a7/i, 'a heading of docs/web.md'],
  [/reference \u00a7\s?4\b/i, 'docs/mealie-compatibility.md "Lists" and its sub-headings'],
  [/reference \u00a7\s?5\b/i, 'docs/security.md "Permissions" and its sub-headings'],
  [/reference \u00a7\s?6\b/i, `docs/events.md "Mealie's event types"`],
  [/reference \u00a7\s?10\b/i, `docs/configuration.md "Mealie's settings"`],
  [/reference \u00a7\s?11\b/i, `docs/web.md "Mealie's screens"`],
  [/reference \u00a7\s?12\b/i, 'docs/mealie-compatibility.md "After Mealie 2.0"'],
  [/./, 'the heading of docs/mealie-compatibility.md for that area (recipes, organizers, foods, shopping lists, …)'],
]

const sectionCitation = new RegExp(
  `((?:DESIGN|reference|product[- ]spec|spec)\\s?)?${SECTION}\\s?(?:\\d+(?:\\.\\d+)*|"[^"]*")`,
  'gi',
)
const docCitation = /docs\/([\w./-]+\.md)(,?)\s+"([^"\n]*)("?)/g
const problems = []
let checked = 0

for (const start of roots) {
  for (const file of walk(join(root, start))) {
    const where = relative(root, file)
    const lines = readFileSync(file, 'utf8').split('\n')
    lines.forEach((line, index) => {
      const at = `${where}:${index + 1}`
      if (line.includes(SECTION)) {
        for (const match of line.matchAll(sectionCitation)) {
          // Standards keep their own section numbers ("RFC 9110 \u00a713.1").
          if (/RFC\s?\d+\s?$/.test(line.slice(0, match.index))) continue
          const hint = hints.find(([pattern]) => pattern.test(match[0]))[1]
          problems.push(
            `${at}: "${match[0].trim()}" cites a document outside the repository by section number. Put the rule ` +
              `in the project's docs in your own words and cite the heading as docs/<file>.md "<Heading>" ` +
              `(docs/architecture.md "How to cite"); usually ${hint}.`,
          )
        }
      }
      for (const match of line.matchAll(docCitation)) {
        const [text, path, comma, heading, closed] = match
        if (/^<.*>$/.test(heading)) continue // the form itself, as the docs describe it
        checked++
        const target = join(root, 'docs', path)
        if (comma) {
          problems.push(`${at}: ${text}: write a citation without the comma, as docs/${path} "${heading}".`)
        } else if (!closed) {
          problems.push(`${at}: ${text.trim()}… the heading of a citation must be on the same line as its file.`)
        } else if (!existsSync(target)) {
          problems.push(`${at}: ${text} names docs/${path}, which does not exist.`)
        } else if (!headingsOf(target).has(heading)) {
          problems.push(
            `${at}: ${text}: docs/${path} has no heading "${heading}" (headings are matched exactly, any level). ` +
              `Cite an existing heading, or add the rule under a new heading of that file.`,
          )
        }
      }
    })
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(`\ncheck-doc-citations: ${problems.length} problem(s), ${checked} docs citation(s) checked.`)
  process.exit(1)
}
console.log(`check-doc-citations: ${checked} docs citation(s) checked, all resolve; no section-number citations.`)
