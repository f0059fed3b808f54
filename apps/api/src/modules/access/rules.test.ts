import { describe, expect, it } from 'vitest'
import {
  actForUser,
  changeComment,
  changeMemberPermissions,
  changeProfilePicture,
  changeRecipeLock,
  editHouseholdRecipe,
  editRecipe,
  readRecipe,
  revokeApiToken,
  sendInvitation,
  type Asker,
  useHouseholdRecipe,
  type RecipeFacts,
} from './rules.js'

const member: Asker = { userId: 'me', groupId: 'g1', householdId: 'h1', admin: false }
const admin: Asker = { ...member, userId: 'boss', admin: true }
const verdictOf = (verdict: { allowed: boolean; status?: number }) => (verdict.allowed ? 'allow' : verdict.status)

describe('recipe rules (docs/security.md "Recipe edit and delete rules"), on a recipe-like row', () => {
  const recipe = (facts: Partial<RecipeFacts>): RecipeFacts => ({
    userId: 'owner',
    groupId: 'g1',
    householdId: 'h1',
    locked: false,
    ownerHouseholdLocksEdits: true,
    ...facts,
  })

  it('lets the owner edit even when locked and even from another household', () => {
    const own = recipe({ userId: 'me', householdId: 'h2', locked: true })
    expect(verdictOf(editRecipe(member, 'r', own))).toBe('allow')
    expect(verdictOf(changeRecipeLock(member, 'r', own))).toBe('allow')
  })

  it("refuses another household's recipe while that household locks edits, and allows it when it does not", () => {
    expect(verdictOf(editRecipe(member, 'r', recipe({ householdId: 'h2' })))).toBe(403)
    expect(verdictOf(editRecipe(member, 'r', recipe({ householdId: 'h2', ownerHouseholdLocksEdits: false })))).toBe(
      'allow',
    )
  })

  it('refuses a locked recipe to everyone but its owner, administrators included', () => {
    expect(verdictOf(editRecipe(member, 'r', recipe({ locked: true })))).toBe(403)
    expect(verdictOf(editRecipe(admin, 'r', recipe({ locked: true })))).toBe(403)
    expect(verdictOf(editRecipe(member, 'r', recipe({})))).toBe('allow')
  })

  it('leaves changing the lock to the owner alone', () => {
    expect(verdictOf(changeRecipeLock(member, 'r', recipe({})))).toBe(403)
  })

  it("answers 404, not 403, for another group's recipe or a missing one", () => {
    const foreign = recipe({ groupId: 'g2', ownerHouseholdLocksEdits: false })
    expect(verdictOf(readRecipe(member, 'r', foreign))).toBe(404)
    expect(verdictOf(editRecipe(member, 'r', foreign))).toBe(404)
    expect(verdictOf(editRecipe(admin, 'r', null))).toBe(404)
    expect(verdictOf(readRecipe(member, 'r', recipe({ householdId: 'h2' })))).toBe('allow')
  })
})

describe('rules of the rows that exist today', () => {
  it('lets a manager change permissions of another member of their own household only', () => {
    const user = (id: string, groupId: string, householdId: string) => ({ id, groupId, householdId })
    expect(verdictOf(changeMemberPermissions(member, 'u', user('u', 'g1', 'h1')))).toBe('allow')
    expect(verdictOf(changeMemberPermissions(member, 'u', user('u', 'g1', 'h2')))).toBe(403)
    expect(verdictOf(changeMemberPermissions(member, 'me', user('me', 'g1', 'h1')))).toBe(403)
    expect(verdictOf(changeMemberPermissions(member, 'u', user('u', 'g2', 'h1')))).toBe(404)
    expect(verdictOf(changeMemberPermissions(member, 'u', null))).toBe(404)
  })

  it("lets people change their own picture, and administrators anyone's in any group", () => {
    const other = { id: 'u', groupId: 'g2', householdId: 'h9' }
    expect(verdictOf(changeProfilePicture(member, 'me', { id: 'me', groupId: 'g1', householdId: 'h1' }))).toBe('allow')
    expect(verdictOf(changeProfilePicture(member, 'u', other))).toBe(403)
    expect(verdictOf(changeProfilePicture(admin, 'u', other))).toBe('allow')
    expect(verdictOf(changeProfilePicture(admin, 'u', null))).toBe(404)
  })

  it('lets owners and administrators revoke a token, and tells anyone else it does not exist', () => {
    const token = { userId: 'u', groupId: 'g1', householdId: 'h1' }
    expect(verdictOf(revokeApiToken(member, 1, { ...token, userId: 'me' }))).toBe('allow')
    expect(verdictOf(revokeApiToken(member, 1, token))).toBe(404)
    expect(verdictOf(revokeApiToken(admin, 1, token))).toBe('allow')
  })

  it("sends only invitations of the caller's own household", () => {
    expect(verdictOf(sendInvitation(member, 'hash', { groupId: 'g1', householdId: 'h1' }))).toBe('allow')
    expect(verdictOf(sendInvitation(member, 'hash', { groupId: 'g1', householdId: 'h2' }))).toBe(404)
    expect(verdictOf(sendInvitation(member, 'hash', null))).toBe(404)
  })
})

describe('household-scoped recipe actions (docs/security.md "Recipe edit and delete rules": pictures, assets, exports)', () => {
  const recipe = (facts: Partial<RecipeFacts>): RecipeFacts => ({
    userId: 'owner',
    groupId: 'g1',
    householdId: 'h1',
    locked: false,
    ownerHouseholdLocksEdits: true,
    ...facts,
  })

  it('allows members of the recipe’s household whatever the lock, and hides it from everyone else (404)', () => {
    expect(verdictOf(useHouseholdRecipe(member, 'r', recipe({ locked: true })))).toBe('allow')
    expect(
      verdictOf(useHouseholdRecipe(member, 'r', recipe({ householdId: 'h2', ownerHouseholdLocksEdits: false }))),
    ).toBe(404)
    expect(verdictOf(useHouseholdRecipe(admin, 'r', recipe({ householdId: 'h2' })))).toBe(404)
    expect(verdictOf(useHouseholdRecipe(member, 'r', recipe({ groupId: 'g2' })))).toBe(404)
    expect(verdictOf(useHouseholdRecipe(member, 'r', null))).toBe(404)
  })

  it('adds the edit rules for a picture by URL: a locked recipe is its owner’s alone (403)', () => {
    expect(verdictOf(editHouseholdRecipe(member, 'r', recipe({})))).toBe('allow')
    expect(verdictOf(editHouseholdRecipe(member, 'r', recipe({ locked: true })))).toBe(403)
    expect(verdictOf(editHouseholdRecipe(member, 'r', recipe({ locked: true, userId: 'me' })))).toBe('allow')
    expect(verdictOf(editHouseholdRecipe(member, 'r', recipe({ householdId: 'h2', userId: 'me' })))).toBe(404)
  })
})

describe('recipe activity rules', () => {
  const user = (facts: Partial<{ id: string; groupId: string; householdId: string }>) => ({
    id: 'other',
    groupId: 'g1',
    householdId: 'h1',
    ...facts,
  })

  it('lets a member act for themselves only, and an administrator for any existing user of any group', () => {
    const rule = actForUser('no')
    expect(verdictOf(rule(member, 'me', user({ id: 'me' })))).toBe('allow')
    expect(verdictOf(rule(member, 'other', user({})))).toBe(403)
    expect(verdictOf(rule(member, 'other', null))).toBe(403)
    expect(verdictOf(rule(admin, 'other', user({ groupId: 'g2' })))).toBe('allow')
    expect(verdictOf(rule(admin, 'ghost', null))).toBe(404)
  })

  it('lets the author or an administrator of the group change a comment; another group learns nothing', () => {
    const comment = (facts: Partial<{ userId: string; groupId: string }>) => ({
      userId: 'author',
      groupId: 'g1',
      householdId: 'h2',
      ...facts,
    })
    expect(verdictOf(changeComment(member, 'c', comment({ userId: 'me' })))).toBe('allow')
    expect(verdictOf(changeComment(member, 'c', comment({})))).toBe(403)
    expect(verdictOf(changeComment(admin, 'c', comment({})))).toBe('allow')
    expect(verdictOf(changeComment(admin, 'c', comment({ groupId: 'g2' })))).toBe(404)
    expect(verdictOf(changeComment(member, 'c', null))).toBe(404)
  })
})
