import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { users } from '../../db/schema/index.js'
import { defineListSpec } from './list-spec.js'
import { shownPath } from './shown-fields.js'

const Member = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  groupSlug: z.string(),
  household: z.object({ preferences: z.object({ privateHousehold: z.boolean() }) }).nullable(),
  tokens: z.array(z.object({ name: z.string() })).nullable(),
})

describe('shownPath', () => {
  it('finds attributes shown nested, in arrays, or flattened as Mealie flattens a relation', () => {
    expect(shownPath(Member, ['full_name'])).toBe(true)
    expect(shownPath(Member, ['household', 'preferences', 'private_household'])).toBe(true)
    expect(shownPath(Member, ['tokens', 'name'])).toBe(true)
    expect(shownPath(Member, ['group', 'slug'])).toBe(true)
  })

  it('refuses attributes the answer does not show', () => {
    expect(shownPath(Member, ['email'])).toBe(false)
    expect(shownPath(Member, ['tokens', 'token_hash'])).toBe(false)
    expect(shownPath(Member, ['group', 'name'])).toBe(false)
  })
})

describe('defineListSpec', () => {
  it('refuses an allow-list that holds a field its answer does not show', () => {
    expect(() =>
      defineListSpec({ table: users, shows: Member, columns: { id: users.id, email: users.email } }),
    ).toThrow(/'email' is filterable but the list's answer does not show it/)
  })

  it('refuses a searched column that is not in the allow-list', () => {
    expect(() =>
      defineListSpec({ table: users, shows: Member, columns: { id: users.id }, search: [users.email] }),
    ).toThrow(/searched column/)
  })
})
