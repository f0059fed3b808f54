import { describe, expect, it } from 'vitest'
import { guardRegistry, resolveGuards, runGuards, type GuardContext } from './guards'

const member = {
  admin: false,
  advanced: false,
  canManage: false,
  canManageHousehold: false,
  canOrganize: false,
  groupSlug: 'home',
}

function context(path: string, user: GuardContext['user'], params: GuardContext['params'] = {}): GuardContext {
  return { user, url: new URL(path, 'http://larder.test'), params }
}

describe('route guards', () => {
  it('has every guard the spec names', () => {
    expect(Object.keys(guardRegistry).sort()).toEqual(
      [
        'admin-only',
        'advanced-only',
        'auth',
        'can-manage-household-only',
        'can-manage-only',
        'can-organize-only',
        'group-only',
        'group-only-or-visitor',
      ].sort(),
    )
  })

  it('throws on an unknown guard name', () => {
    expect(() => resolveGuards(['auth', 'admins-only'])).toThrow('Unknown route guard "admins-only"')
  })

  it('sends anonymous visitors to sign-in with the wanted page (path and query) in redirect', () => {
    const outcome = runGuards(resolveGuards(['auth']), context('/shopping-lists/42?view=all', null))
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fshopping-lists%2F42%3Fview%3Dall' })
  })

  it('lets a signed-in user through the auth check', () => {
    expect(runGuards(resolveGuards(['auth']), context('/shopping-lists', member))).toEqual({ kind: 'allow' })
  })

  it.each([
    ['admin-only', 'admin'],
    ['advanced-only', 'advanced'],
    ['can-manage-only', 'canManage'],
    ['can-manage-household-only', 'canManageHousehold'],
    ['can-organize-only', 'canOrganize'],
  ] as const)('%s denies a user without %s and allows one with it', (name, flag) => {
    const guards = resolveGuards(['auth', name])
    expect(runGuards(guards, context('/x', member))).toEqual({ kind: 'deny' })
    expect(runGuards(guards, context('/x', { ...member, [flag]: true }))).toEqual({ kind: 'allow' })
  })

  it('group-only allows the own group and moves other groups to the same page of the own group', () => {
    const guards = resolveGuards(['auth', 'group-only'])
    expect(runGuards(guards, context('/g/home/cookbooks', member, { groupSlug: 'home' }))).toEqual({ kind: 'allow' })
    expect(runGuards(guards, context('/g/other/r/soup?scale=2', member, { groupSlug: 'other' }))).toEqual({
      kind: 'redirect',
      to: '/g/home/r/soup?scale=2',
    })
  })

  it('group-only sends anonymous visitors to sign-in', () => {
    const outcome = runGuards(resolveGuards(['group-only']), context('/g/home', null, { groupSlug: 'home' }))
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fg%2Fhome' })
  })
  it('group-only-or-visitor lets a signed-out visitor read a public page and keeps a member in their own group', () => {
    const guards = resolveGuards(['group-only-or-visitor'])
    expect(runGuards(guards, context('/g/home/r/soup', null, { groupSlug: 'home' }))).toEqual({ kind: 'allow' })
    expect(runGuards(guards, context('/g/home/r/soup', member, { groupSlug: 'home' }))).toEqual({ kind: 'allow' })
    expect(runGuards(guards, context('/g/other/r/soup', member, { groupSlug: 'other' }))).toEqual({
      kind: 'redirect',
      to: '/g/home/r/soup',
    })
  })
})
