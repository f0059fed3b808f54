import type { Caller } from '../../http/authentication.js'

/**
 * Row-level rules (docs/architecture.md "Shape of the code": owner, household, group, lock), as pure functions of who asks and the facts of one row.
 * They never query: `service.ts` loads the facts of many rows in one query and applies a rule to each, so a rule reads
 * the same in a unit test as in a request. A row that is missing or outside the caller's tenancy is "not found" (404),
 * never "forbidden", so that no answer tells a stranger that a row exists.
 */
export type Verdict = { allowed: true } | { allowed: false; status: 403 | 404; message: string }

/** Who asks: their tenancy and whether they are an administrator. A Caller is one. */
export type Asker = Pick<Caller, 'userId' | 'groupId' | 'householdId' | 'admin'>

export const allowed: Verdict = { allowed: true }
export const forbiddenVerdict = (message: string): Verdict => ({ allowed: false, status: 403, message })
export const notFoundVerdict = (message: string): Verdict => ({ allowed: false, status: 404, message })

/** A rule decides for one row, by its key (what the caller named) and its facts (null when no such row exists). */
export type Rule<Key, Facts> = (asker: Asker, key: Key, facts: Facts | null) => Verdict

/** What the rules need to know about a user row. */
export interface UserFacts {
  id: string
  groupId: string
  householdId: string
}

/** What the rules need to know about an owned row (API tokens today; later anything a user owns). */
export interface OwnedFacts {
  userId: string
  groupId: string
  householdId: string
}

/** Their own profile, or anyone's for an administrator; the id alone decides, before any row is read. */
export const ownProfileOrAdmin =
  (message: string): Rule<string, unknown> =>
  (asker, userId) =>
    asker.userId === userId || asker.admin ? allowed : forbiddenVerdict(message)

/**
 * Profile pictures: one's own, or anyone's for an administrator. Someone else's is refused before it is looked up;
 * an administrator reaches every group, a member only their own.
 */
export const changeProfilePicture: Rule<string, UserFacts> = (asker, userId, user) => {
  const byId = ownProfileOrAdmin('You may only change your own picture')(asker, userId, user)
  if (!byId.allowed) return byId
  if (!user || (!asker.admin && user.groupId !== asker.groupId)) return notFoundVerdict('User not found')
  return allowed
}

/** PUT /api/households/permissions: another member of the caller's own household, never oneself. */
export const changeMemberPermissions: Rule<string, UserFacts> = (asker, _userId, user) => {
  if (!user || user.groupId !== asker.groupId) return notFoundVerdict('User not found')
  if (user.householdId !== asker.householdId) return forbiddenVerdict('User is not a member of this household')
  if (user.id === asker.userId) return forbiddenVerdict('You cannot change your own permissions')
  return allowed
}

/** Revoking an API token: its owner, or an administrator; anyone else learns nothing about it. */
export const revokeApiToken: Rule<number, OwnedFacts> = (asker, tokenId, token) => {
  const missing = notFoundVerdict(`Could not locate token with id '${tokenId}' in database`)
  if (!token) return missing
  return token.userId === asker.userId || asker.admin ? allowed : missing
}

/** Sending an invitation: only one of the caller's own household (Mealie does not check). */
export const sendInvitation: Rule<string, Omit<OwnedFacts, 'userId'>> = (asker, _tokenHash, invitation) =>
  invitation && invitation.groupId === asker.groupId && invitation.householdId === asker.householdId
    ? allowed
    : notFoundVerdict('No such invitation in your household')

/**
 * What the recipe rules need (docs/security.md "Recipe edit and delete rules"): the recipe's owner and household, its `settings.locked`, and the
 * `lockRecipeEditsFromOtherHouseholds` preference of the household that owns it.
 */
export interface RecipeFacts extends OwnedFacts {
  locked: boolean
  ownerHouseholdLocksEdits: boolean
}

// Mealie's messages for the recipe routes (docs/mealie-compatibility.md "Recipe conventions").
const recipeNotFound = notFoundVerdict('No Entry Found')
const recipeForbidden = forbiddenVerdict('Permission Denied')

/** Every member of the group reads every recipe of the group, whatever its household or privacy says. */
export const readRecipe: Rule<string, RecipeFacts> = (asker, _key, recipe) =>
  recipe && recipe.groupId === asker.groupId ? allowed : recipeNotFound

/**
 * Update and delete (docs/security.md "Recipe edit and delete rules"): the owner always; otherwise another household's recipe is refused while that
 * household locks edits from others, and a locked recipe is refused to everyone but its owner. Administrators get no
 * bypass: Mealie does not consult the flag here.
 */
export const editRecipe: Rule<string, RecipeFacts> = (asker, key, recipe) => {
  const read = readRecipe(asker, key, recipe)
  if (!read.allowed || !recipe) return read
  if (recipe.userId === asker.userId) return allowed
  if (recipe.householdId !== asker.householdId && recipe.ownerHouseholdLocksEdits) {
    // Another household's recipe, and that household locks its recipes against edits by others.
    return recipeForbidden
  }
  // Locked by its owner.
  if (recipe.locked) return recipeForbidden
  return allowed
}

/** Changing `settings.locked`, either way, is the owner's alone (on top of the edit rule). */
export const changeRecipeLock: Rule<string, RecipeFacts> = (asker, key, recipe) => {
  const edit = editRecipe(asker, key, recipe)
  if (!edit.allowed || !recipe) return edit
  return recipe.userId === asker.userId ? allowed : recipeForbidden
}

/**
 * Image upload, assets and exports (docs/security.md "Recipe edit and delete rules"): members of the recipe's own household only; to anyone else in
 * the group the recipe is not there (404), as Mealie's household-scoped repository answers.
 */
export const useHouseholdRecipe: Rule<string, RecipeFacts> = (asker, key, recipe) => {
  const read = readRecipe(asker, key, recipe)
  if (!read.allowed || !recipe) return read
  return recipe.householdId === asker.householdId ? allowed : recipeNotFound
}

/** Image from a URL saves through the update path: the household rule, then the edit rules (owner, lock). */
export const editHouseholdRecipe: Rule<string, RecipeFacts> = (asker, key, recipe) => {
  const household = useHouseholdRecipe(asker, key, recipe)
  return household.allowed ? editRecipe(asker, key, recipe) : household
}

/**
 * Acting for a user named by id (their ratings and favourites through `/api/users/{id}/…`, the author of a timeline
 * event): oneself, or anyone for an administrator. Mealie lets anyone read anyone's ratings by id; docs/security.md "Access flags and guards"
 * lists that as a gap to close.
 */
export const actForUser =
  (message: string): Rule<string, UserFacts> =>
  (asker, userId, user) => {
    const byId = ownProfileOrAdmin(message)(asker, userId, user)
    if (!byId.allowed) return byId
    if (!user || (!asker.admin && user.groupId !== asker.groupId)) return notFoundVerdict('User not found')
    return allowed
  }

/** Editing or deleting a comment: its author, or an administrator of the group (docs/mealie-compatibility.md "Comments"). */
export const changeComment: Rule<string, OwnedFacts> = (asker, _commentId, comment) => {
  if (!comment || comment.groupId !== asker.groupId) return notFoundVerdict('Comment not found')
  return comment.userId === asker.userId || asker.admin ? allowed : forbiddenVerdict('Comment does not belong to user')
}
