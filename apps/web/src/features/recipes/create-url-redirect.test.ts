import { describe, expect, it } from 'vitest'
import { createUrlRedirectPath } from './create-url-redirect'

describe('/r/create/url', () => {
  it("goes to the user's group, keeping the query", () => {
    expect(createUrlRedirectPath({ groupSlug: 'home' }, '?recipe_import_url=https%3A%2F%2Fexample.com%2Fsoup')).toBe(
      '/g/home/r/create/url?recipe_import_url=https%3A%2F%2Fexample.com%2Fsoup',
    )
  })

  it('goes to sign-in without a user or without a group slug', () => {
    expect(createUrlRedirectPath(null, '?recipe_import_url=x')).toBe('/login')
    expect(createUrlRedirectPath({ groupSlug: '' }, '')).toBe('/login')
  })
})
