import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import type { AxeResults, ImpactValue, NodeResult } from 'axe-core'

// axe-core's own source, evaluated in the page. @axe-core/playwright would do the same but needs Node ≥ 22.12,
// above this project's floor (package.json engines).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** docs/budgets.md "Web budgets" holds every route to WCAG 2.2 AA: these tags are the rules axe checks for it. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const failingImpacts: ReadonlySet<ImpactValue> = new Set(['serious', 'critical'])

export interface Violation {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/** The rules whose outcome depends on colours: all that can change when only the colour scheme does. */
export const colourRules = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe on the page as it is now (every WCAG 2.2 AA rule, or only `rules`) and answers its serious and critical
 * violations, one per rule.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(axeSource)
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: wcagTags }
  const results = await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: only, resultTypes: ['violations'] },
      ),
    runOnly,
  )
  return results.violations
    .filter((violation) => violation.impact && failingImpacts.has(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}  ${nodeDetail(node)}`),
    }))
}

/** What axe measured (colours and ratio for contrast) or, failing that, the element's opening tag. */
function nodeDetail(node: NodeResult): string {
  const contrast = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined
  if (contrast?.fgColor && contrast.bgColor) {
    return `${contrast.fgColor} on ${contrast.bgColor} = ${contrast.contrastRatio}:1 — "${textOf(node.html)}"`
  }
  return node.html.slice(0, 120)
}

const textOf = (html: string): string => html.replace(/<[^>]*>/g, '').slice(0, 40)

/** One readable block per violation, with up to 5 of its selectors. */
export function describeViolations(where: string, violations: Violation[]): string {
  return violations
    .map((violation) => {
      const shown = violation.targets.slice(0, 5).map((target) => `    ${target}`)
      const more = violation.targets.length > 5 ? [`    … and ${violation.targets.length - 5} more`] : []
      return [`${where}: ${violation.rule} (${violation.impact}) ${violation.help}`, ...shown, ...more].join('\n')
    })
    .join('\n')
}
