import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { drawnWebPages, matchWebPage, sharedRecipePagePath } from '@larder/contracts/web-pages'
import { describe, expect, it } from 'vitest'

const webDirectory = fileURLToPath(new URL('../../../web/', import.meta.url))

describe('the web pages the server draws', () => {
  it.each(Object.entries(drawnWebPages))('names only web modules that exist: %s', (_, page) => {
    for (const module of page.modules)
      expect({ module, exists: existsSync(webDirectory + module) }).toEqual({ module, exists: true })
  })

  it('matches addresses segment by segment, decoded, with one trailing slash at most', () => {
    expect(matchWebPage(drawnWebPages.recipe.path, '/g/home/r/leek-soup')).toEqual({
      groupSlug: 'home',
      slug: 'leek-soup',
    })
    expect(matchWebPage(drawnWebPages.recipe.path, '/g/home/r/cr%C3%AApe/')).toEqual({
      groupSlug: 'home',
      slug: 'crêpe',
    })
    expect(matchWebPage(drawnWebPages.explorer.path, '/g/home')).toEqual({ groupSlug: 'home' })
    expect(matchWebPage(sharedRecipePagePath, '/g/home/shared/r/abc')).toEqual({ groupSlug: 'home', token: 'abc' })
    expect(matchWebPage(drawnWebPages.explorer.path, '/g/home/r/x')).toBeNull()
    expect(matchWebPage(drawnWebPages.recipe.path, '/g//r/x')).toBeNull()
    expect(matchWebPage(drawnWebPages.recipe.path, '/g/home/r/%E0%A4%A')).toBeNull()
    expect(matchWebPage(drawnWebPages.explorer.path, '/x/home')).toBeNull()
  })
})
