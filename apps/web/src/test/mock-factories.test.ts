import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * A `vi.mock(id, async () => { await import(x) … })` factory whose `x` imports `id`, even through other files, waits
 * on itself: vitest never finishes loading the test file, and no test's timeout has started yet, so the run hangs
 * instead of failing (the route-load test did, when test/render.tsx began to import the session it mocks). This
 * reads every test file's factories and follows the static imports of what they import.
 */

const src = resolve(__dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** The file an import names, or null for a package or a non-code file. */
function resolveImport(from: string, id: string): string | null {
  let base: string
  if (id.startsWith('@/')) base = join(src, id.slice(2))
  else if (id.startsWith('.')) base = resolve(dirname(from), id)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The imports that run when the file loads: `import … from`, `import '…'`, `export … from`; not types, not `import()`. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
    if (match[1]) continue
    const target = resolveImport(file, match[2] ?? '')
    if (target) found.push(target)
  }
  return found
}

/** The chain of files from `start` to `target` through static imports, if there is one. */
function importChain(start: string, target: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift() as string
    if (file === target) {
      const chain: string[] = []
      for (let at: string | null = file; at !== null; at = cameFrom.get(at) ?? null) chain.unshift(relative(src, at))
      return chain
    }
    for (const next of staticImports(file)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return null
}

/** Every `vi.mock('id', async () => { … })` factory of a file, with the modules it imports. */
function mockFactories(file: string): { mocked: string; imports: string[] }[] {
  const text = readFileSync(file, 'utf8')
  const factories: { mocked: string; imports: string[] }[] = []
  for (const match of text.matchAll(/vi\.mock\(\s*'([^']+)'\s*,\s*async\s*\([^)]*\)\s*=>\s*\{([\s\S]*?)\n\}\)/g)) {
    const body = match[2] ?? ''
    factories.push({
      mocked: match[1] ?? '',
      imports: [...body.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? ''),
    })
  }
  return factories
}

describe('vi.mock factories', () => {
  it('never import, even through other files, the module they mock', () => {
    const cycles: string[] = []
    for (const file of sourceFiles(src).filter((path) => /\.test\.tsx?$/.test(path))) {
      for (const { mocked, imports } of mockFactories(file)) {
        const mockedFile = resolveImport(file, mocked)
        if (!mockedFile) continue
        for (const id of imports) {
          const imported = resolveImport(file, id)
          const chain = imported && importChain(imported, mockedFile)
          if (chain) cycles.push(`${relative(src, file)}: vi.mock('${mocked}') imports ${chain.join(' → ')}`)
        }
      }
    }
    expect(cycles).toEqual([])
  })

  it('are read by this check', () => {
    // The route-load test's factory builds its user with test/render.tsx: the check sees it, so it can fail.
    const routeLoad = mockFactories(join(src, 'routes/route-load.test.tsx'))
    expect(routeLoad).toContainEqual({
      mocked: '@/features/auth/app-session',
      imports: expect.arrayContaining(['@/test/render']),
    })
  })
})
