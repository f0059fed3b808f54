import { describe, expect, it } from 'vitest'
import { destinationAfterSignIn, safeRedirectPath } from './redirects'

describe('redirect after sign-in', () => {
  it('accepts paths on this site, with their query', () => {
    expect(safeRedirectPath('/household/members?x=1')).toBe('/household/members?x=1')
  })

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'household'])(
    'refuses %s',
    (value) => {
      expect(safeRedirectPath(value)).toBeUndefined()
    },
  )

  it('goes back to the wanted page first, then setup for a first-login admin, then the group home', () => {
    const admin = { admin: true, groupSlug: 'home' }
    expect(destinationAfterSignIn({ redirect: '/shopping-lists', user: admin, isFirstLogin: true })).toBe(
      '/shopping-lists',
    )
    expect(destinationAfterSignIn({ redirect: null, user: admin, isFirstLogin: true })).toBe('/admin/setup')
    expect(destinationAfterSignIn({ redirect: '//evil', user: { ...admin, admin: false }, isFirstLogin: true })).toBe(
      '/g/home',
    )
  })
})
