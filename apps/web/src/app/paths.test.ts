import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '@/router'
import { paths } from './paths'
import { signedInRoutes } from '@/routes/SignedInRoutes'

/** The route that would render `path`, through router.tsx's `*` into the signed-in table; undefined for the 404. */
function routeFor(path: string): RouteObject | undefined {
  const pathname = new URL(path, 'http://larder.invalid').pathname
  const top = matchRoutes(routes, pathname)?.at(-1)?.route
  if (top?.path !== '*') return top
  const signedIn = matchRoutes(signedInRoutes, pathname)?.at(-1)?.route
  return signedIn?.path === '*' ? undefined : signedIn
}

const createMethods = ['url', 'new', 'bulk', 'html', 'image', 'zip', 'debug']
const dataTypes = ['recipes', 'foods', 'units', 'labels', 'categories', 'tags', 'tools', 'recipe-actions']

/** Every address the registry can build, with sample values for the parameters. */
function everyPath(): string[] {
  return Object.entries(paths).flatMap(([name, path]) => {
    if (typeof path === 'string') return [path]
    if (name === 'recipeCreateMethod') return createMethods.map((method) => paths.recipeCreateMethod('home', method))
    if (name === 'groupDataType') return dataTypes.map((type) => paths.groupDataType(type))
    if (name === 'groupRecipesWith') return [paths.groupRecipesWith('home', 'tags', 'soup')]
    return [(path as (...values: string[]) => string)('some value', 'some slug')]
  })
}

describe('the path registry', () => {
  it.each(everyPath())('opens a page of the route tables at %s', (path) => {
    expect(routeFor(path)).toBeDefined()
  })

  it('encodes the values it puts in a path', () => {
    expect(paths.groupRecipe('home', 'soup/stew')).toBe('/g/home/r/soup%2Fstew')
  })

  it('filters the explorer by an organizer slug in the query', () => {
    expect(paths.groupRecipesWith('home', 'categories', 'soups & stews')).toBe('/g/home?categories=soups+%26+stews')
  })

  it('knows a mistyped address for the 404 page', () => {
    expect(routeFor('/admin/manage/group/1')).toBeUndefined()
  })
})
