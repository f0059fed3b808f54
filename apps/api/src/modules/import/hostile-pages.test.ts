import fs from 'node:fs/promises'
import { createRecipeFromHtmlOrJson, getHealth } from '@larder/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'
import { pageBudget } from '../../lib/page-tree.js'
import { parsePage } from './page-document.js'
import { scrapePage } from './page-recipe.js'

/**
 * Pages built to hurt (issue #30): a page is read in a worker thread within a depth and element budget, so that no
 * import, however hostile, holds up anyone else's request, and a page past the budget is a clear 400.
 */

type Member = Awaited<ReturnType<TestApp['make']['user']>>

const dataDirectory = `/tmp/larder-hostile-pages-${process.pid}`
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: dataDirectory })
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

const page = (body: string) => `<!doctype html><html><head><title>Hostile</title></head><body>${body}</body></html>`
/** 100,000 nested <div>s: 1 MB that took 20 s and a stack overflow to read. */
const nestedDivs = (depth: number, inside = 'x') => page(`${'<div>'.repeat(depth)}${inside}${'</div>'.repeat(depth)}`)
const recipeBody = '<h1>Deep stew</h1><h2>Ingredients</h2><ul><li>1 onion</li><li>2 carrots</li></ul>'

async function recipeCount(member: Member): Promise<number> {
  const [row] = await testApp.sql`select count(*)::int as count from recipes where user_id = ${member.id}`
  return row!.count as number
}

/** How long /api/app/health took to answer, asked every 20 ms until `work` settles; sorted, fastest first. */
async function healthTimesWhile(work: Promise<unknown>): Promise<number[]> {
  let settled = false
  void work.finally(() => (settled = true))
  const times: number[] = []
  while (!settled) {
    const started = performance.now()
    expect((await testApp.api.call(getHealth)).status).toBe(200)
    times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return times.sort((a, b) => a - b)
}

describe('reading a page', () => {
  it('refuses 100,000 nested <div>s at once, without overflowing the stack', () => {
    const started = performance.now()
    expect(() => scrapePage(nestedDivs(100_000), '')).toThrow('This page is too complex to read')
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('reads a page as deep as the budget allows, and refuses one element deeper', () => {
    // The <html> and <body> around the <div>s count too, and the list and its items inside them.
    const deepest = pageBudget.maxDepth - 2
    const started = performance.now()
    expect(scrapePage(nestedDivs(deepest - 2, recipeBody), '').recipe?.ingredients).toEqual([
      { title: '', line: '1 onion' },
      { title: '', line: '2 carrots' },
    ])
    expect(performance.now() - started).toBeLessThan(1000)
    expect(() => parsePage(nestedDivs(deepest + 1))).toThrow('This page is too complex to read')
  })

  it('refuses a page of more elements than the budget, however flat', () => {
    expect(() => parsePage(page('<br>'.repeat(pageBudget.maxElements)))).toThrow('This page is too complex to read')
    expect(() => parsePage(page('<br>'.repeat(pageBudget.maxElements - 10)))).not.toThrow()
  })
})

describe('POST /api/recipes/create/html-or-json with a hostile page', () => {
  it('answers 400 "too complex", creates nothing, and the next page imports', async () => {
    const member = await testApp.make.user()
    const refused = await testApp.api.call(createRecipeFromHtmlOrJson, {
      as: member,
      body: { data: nestedDivs(100_000) },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ detail: { message: 'This page is too complex to read' } })
    expect(await recipeCount(member)).toBe(0)

    const deep = await testApp.api.call(createRecipeFromHtmlOrJson, {
      as: member,
      body: { data: nestedDivs(200, recipeBody) },
    })
    expect(deep.status, deep.text).toBe(201)
    expect(await recipeCount(member)).toBe(1)
  })

  it('answers health within 100 ms while several hostile pages import in parallel', async () => {
    const member = await testApp.make.user()
    await testApp.api.call(getHealth)
    // Past the budget, and within it but as heavy as it allows: deep chains of labels, and a flat sea of them.
    const chains = page(`${'<div>'.repeat(250)}<span>Ingredients</span>${'</div>'.repeat(250)}`.repeat(390))
    const flat = page(`<h2>Ingredients</h2>${'<p>1 egg</p>'.repeat(90_000)}`)
    const imports = Promise.all(
      [nestedDivs(100_000), chains, flat, nestedDivs(100_000), chains].map((data) =>
        testApp.api.call(createRecipeFromHtmlOrJson, { as: member, body: { data } }),
      ),
    )
    const times = await healthTimesWhile(imports)
    // Read on the request thread, one such page held every request for seconds (20 s for the nested <div>s). The
    // test machine is shared and loaded, so one answer in twenty may be late for reasons of its own, never by seconds.
    expect(times.length).toBeGreaterThan(20)
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(100)
    expect(times.at(-1)).toBeLessThan(1000)
    const answers = await imports
    expect(answers.map(({ status }) => status).every((status) => status === 201 || status === 400)).toBe(true)
    expect(answers[0]!.status).toBe(400)
  }, 120_000)
})
