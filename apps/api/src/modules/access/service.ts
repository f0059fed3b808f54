import type { Executor } from '../../db/client.js'
import { forbidden, notFound } from '../../http/errors.js'
import { accessRepo } from './repo.js'
import {
  actForUser,
  changeComment,
  changeMemberPermissions,
  changeRecipeLock,
  editHouseholdRecipe,
  editRecipe,
  changeProfilePicture,
  ownProfileOrAdmin,
  revokeApiToken,
  sendInvitation,
  useHouseholdRecipe,
  type Asker,
  type Rule,
  type Verdict,
} from './rules.js'

/** Each key's verdict under one rule, from facts loaded for all of them at once. */
export function verdicts<Key, Facts>(
  asker: Asker,
  keys: readonly Key[],
  facts: ReadonlyMap<Key, Facts>,
  rule: Rule<Key, Facts>,
): Map<Key, Verdict> {
  return new Map(keys.map((key) => [key, rule(asker, key, facts.get(key) ?? null)]))
}

/** Throws the first refusal (404 or 403, with the rule's message); answers the facts of every allowed row. */
export function requireAll<Key, Facts>(
  asker: Asker,
  keys: readonly Key[],
  facts: ReadonlyMap<Key, Facts>,
  rule: Rule<Key, Facts>,
): Facts[] {
  for (const [, verdict] of verdicts(asker, keys, facts, rule)) {
    if (!verdict.allowed) throw verdict.status === 404 ? notFound(verdict.message) : forbidden(verdict.message)
  }
  return keys.map((key) => facts.get(key)!)
}

/**
 * The one place services ask "may this caller read or change these rows" (docs/architecture.md "Shape of the code"). Each check takes the executor
 * (so it runs inside the caller's transaction), the caller and many keys, loads their facts in one query, and throws
 * the first refusal.
 */
export const access = {
  /** Reading or editing a profile through /api/users/{id}: one's own, or anyone's for an administrator. */
  requireOwnProfileOrAdmin(caller: Asker, userIds: readonly string[], message: string): void {
    // The ids alone decide, so no row is read.
    requireAll(caller, userIds, new Map(userIds.map((id) => [id, id])), ownProfileOrAdmin(message))
  },

  async requireProfilePictureChange(ex: Executor, caller: Asker, userIds: readonly string[]): Promise<void> {
    requireAll(caller, userIds, await accessRepo.userFacts(ex, userIds), changeProfilePicture)
  },

  async requireMemberPermissionsChange(ex: Executor, caller: Asker, userIds: readonly string[]): Promise<void> {
    requireAll(caller, userIds, await accessRepo.userFacts(ex, userIds), changeMemberPermissions)
  },

  /** Answers the tokens (with their names) when the caller may revoke every one of them. */
  async requireApiTokenRevocation(ex: Executor, caller: Asker, tokenIds: readonly number[]) {
    return requireAll(caller, tokenIds, await accessRepo.apiTokenFacts(ex, tokenIds), revokeApiToken)
  },

  async requireOwnHouseholdInvitations(ex: Executor, caller: Asker, tokenHashes: readonly string[]): Promise<void> {
    requireAll(caller, tokenHashes, await accessRepo.invitationFacts(ex, tokenHashes), sendInvitation)
  },

  /**
   * Updating or deleting recipes (docs/security.md "Recipe edit and delete rules"): owner, lock, the owning household's lock preference. With
   * `changingLock`, the ids whose `settings.locked` the change flips must also be the caller's own.
   */
  async requireRecipeEdit(
    ex: Executor,
    caller: Asker,
    recipeIds: readonly string[],
    changingLock: readonly string[] = [],
  ): Promise<void> {
    const facts = await accessRepo.recipeFacts(ex, [...recipeIds, ...changingLock])
    requireAll(caller, recipeIds, facts, editRecipe)
    requireAll(caller, changingLock, facts, changeRecipeLock)
  },

  /** Image upload, assets, exports: the recipe's own household only (others get 404), whatever the lock. */
  async requireHouseholdRecipe(ex: Executor, caller: Asker, recipeIds: readonly string[]): Promise<void> {
    requireAll(caller, recipeIds, await accessRepo.recipeFacts(ex, recipeIds), useHouseholdRecipe)
  },

  /** Image from a URL: the recipe's own household, and the edit rules (owner, lock, household lock). */
  async requireHouseholdRecipeEdit(ex: Executor, caller: Asker, recipeIds: readonly string[]): Promise<void> {
    requireAll(caller, recipeIds, await accessRepo.recipeFacts(ex, recipeIds), editHouseholdRecipe)
  },

  /**
   * Acting for other users (their ratings, the author of an event): oneself, or anyone as an administrator. Answers
   * the users' facts (group, household); `message` is the refusal for a member naming someone else.
   */
  async requireActingForUsers(ex: Executor, caller: Asker, userIds: readonly string[], message: string) {
    return requireAll(caller, userIds, await accessRepo.userFacts(ex, userIds), actForUser(message))
  },

  async requireCommentChange(ex: Executor, caller: Asker, commentIds: readonly string[]): Promise<void> {
    requireAll(caller, commentIds, await accessRepo.commentFacts(ex, commentIds), changeComment)
  },
}

export type Access = typeof access
