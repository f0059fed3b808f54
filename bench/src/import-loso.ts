/**
 * import-loso (issue #30, "Unseen sites and lines"): the URL import's page reading scored leave-one-site-out over the
 * public recipe-page corpus, to see how much of its score comes from rules that fit one site.
 *
 * The rules are written by hand, not trained, so "built without the site" is defined through them. Each guessing rule
 * of page reading has a name and can be switched off (apps/api/src/modules/import/page-rules.ts). A site's score is
 * the number of its pages' fields (title, ingredients, instructions) exactly right by the corpus README's rule. A
 * rule's *support* is the set of sites whose score drops when that rule alone is switched off. A rule whose support is
 * one site was, in effect, built from that site: the LOSO score of a page is its score with every rule switched off
 * whose support is only the page's own site. Rules supported by two or more sites stay on everywhere.
 *
 * Runs in-process (scrapePage directly, no server or database), about a corpus pass per rule: 1–2 minutes.
 *
 *   pnpm --filter @larder/bench bench:import-loso
 */
import {
  corpusTiers,
  loadCorpusPages,
  pageHtml,
  scorePage,
  scoredFields,
  type CorpusPage,
  type PageScore,
} from '@larder/recipe-corpus'
import { scrapePage } from '../../apps/api/src/modules/import/page-recipe.js'
import { pageRuleNames, type PageRule } from '../../apps/api/src/modules/import/page-rules.js'
import { isEntryPoint } from './lib/paths.js'
import { metric, newResult, padTable, publish, round, type BenchResult, type Metric } from './lib/report.js'

interface Page {
  page: CorpusPage
  html: string
}

function scoreOf({ page, html }: Page, rulesOff: Iterable<PageRule>): PageScore {
  const { recipe } = scrapePage(html, `http://127.0.0.1/${page.tier}/${page.id}/`, { rulesOff })
  return scorePage(page.expected, {
    title: recipe?.name ?? '',
    ingredients: recipe?.ingredients.map((ingredient) => ingredient.line) ?? [],
    steps: recipe?.steps ?? [],
  })
}

/** A page's site: its host, the part of its id before "--" (corpus README). */
const siteOf = (page: CorpusPage) => page.id.split('--')[0]!

const fieldsRight = (score: PageScore) => scoredFields.filter((field) => score[field].right).length

/** Each site's score: its pages' fields exactly right. */
function siteScores(pages: Page[], scores: PageScore[]): Map<string, number> {
  const sites = new Map<string, number>()
  pages.forEach(({ page }, index) =>
    sites.set(siteOf(page), (sites.get(siteOf(page)) ?? 0) + fieldsRight(scores[index]!)),
  )
  return sites
}

export interface RuleSupport {
  rule: PageRule
  /** Sites whose score drops without the rule. */
  support: string[]
  /** Sites whose score rises without it. */
  hurts: string[]
}

export function runImportLoso(): BenchResult {
  const startedAt = new Date()
  const pages: Page[] = loadCorpusPages().map((page) => ({ page, html: pageHtml(page) }))
  const everything = pages.map((page) => scoreOf(page, []))
  const baseline = siteScores(pages, everything)

  const supports: RuleSupport[] = pageRuleNames.map((rule) => {
    const without = siteScores(
      pages,
      pages.map((page) => scoreOf(page, [rule])),
    )
    const support: string[] = []
    const hurts: string[] = []
    for (const [site, score] of baseline) {
      const other = without.get(site)!
      if (other < score) support.push(site)
      if (other > score) hurts.push(site)
    }
    return { rule, support, hurts }
  })

  const singleSite = new Map<string, PageRule[]>()
  for (const { rule, support } of supports)
    if (support.length === 1) singleSite.set(support[0]!, [...(singleSite.get(support[0]!) ?? []), rule])
  const leftOut = pages.map((page) => {
    const rules = singleSite.get(siteOf(page.page))
    return rules ? scoreOf(page, rules) : everything[pages.indexOf(page)]!
  })

  const metrics: Metric[] = []
  const rows: string[][] = [['tier', 'pages', 'field', 'everything', 'leave-one-site-out']]
  for (const tier of corpusTiers) {
    const indexes = pages.flatMap(({ page }, index) => (page.tier === tier ? [index] : []))
    for (const field of scoredFields) {
      const share = (scores: PageScore[]) =>
        round((100 * indexes.filter((index) => scores[index]![field].right).length) / indexes.length, 1)
      const all = share(everything)
      const loso = share(leftOut)
      rows.push([tier, String(indexes.length), field, `${all}%`, `${loso}%`])
      metrics.push(
        metric({ id: `tier_${tier.toLowerCase()}_${field}`, label: `tier ${tier}: ${field}`, value: all, unit: '%' }),
        metric({
          id: `tier_${tier.toLowerCase()}_${field}_loso`,
          label: `tier ${tier}: ${field}, leave-one-site-out`,
          value: loso,
          unit: '%',
        }),
      )
    }
  }
  console.log(padTable(rows))

  const ruleRows: string[][] = [['rule', 'sites it helps', 'sites it hurts']]
  for (const { rule, support, hurts } of [...supports].sort((a, b) => a.support.length - b.support.length))
    ruleRows.push([
      rule,
      support.length === 1 ? `1 (${support[0]})` : String(support.length),
      hurts.length === 0 ? '' : `${hurts.length} (${hurts.join(', ')})`,
    ])
  console.log(`\n${padTable(ruleRows)}`)

  const notes = [
    `${pages.length} pages from ${baseline.size} sites, ${pageRuleNames.length} named rules`,
    `single-site rules: ${[...singleSite].map(([site, rules]) => `${site}: ${rules.join(', ')}`).join('; ') || 'none'}`,
    `rules no corpus site needs: ${
      supports
        .filter(({ support }) => support.length === 0)
        .map(({ rule }) => rule)
        .join(', ') || 'none'
    }`,
  ]
  return newResult('import-loso', startedAt, metrics, notes, { supports })
}

if (isEntryPoint(import.meta.url)) {
  try {
    publish(runImportLoso())
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 2
  }
}
