import type { Executor } from '../../db/client.js'
import type { Scope } from '../../http/scope.js'
import type { OnHandRepo } from './on-hand.repo.js'

/**
 * Which households hold an item after a write (docs/mealie-compatibility.md "On-hand"). Clients send either form: 2.0 clients
 * toggle `onHand` (the caller's household), later ones send the household slugs. Both come back in every answer, so a
 * client that edits one sends the other unchanged: whichever differs from the stored state is the change. The slug
 * list, when it changed, replaces the set; then an `onHand` that differs from the caller's current state adds or
 * removes the caller's household.
 */
export function settleOnHand(change: {
  current: readonly string[]
  requested: readonly string[] | undefined
  onHand: boolean | undefined
  callerHouseholdId: string
}): string[] {
  const { current, requested, onHand, callerHouseholdId } = change
  const holders = new Set(requested ?? current)
  if (onHand !== undefined && onHand !== current.includes(callerHouseholdId)) {
    if (onHand) holders.add(callerHouseholdId)
    else holders.delete(callerHouseholdId)
  }
  return [...holders]
}

/**
 * Applies a body's on-hand fields to an item of the scope's group, inside the caller's transaction: nothing when the
 * body sends neither field, else the set `settleOnHand` decides. Slugs of unknown or other groups' households are
 * dropped.
 */
export async function applyOnHandChange(
  ex: Executor,
  repo: OnHandRepo,
  scope: Scope,
  itemId: string,
  change: { onHand: boolean | undefined; householdSlugs: readonly string[] | undefined },
): Promise<void> {
  if (change.onHand === undefined && change.householdSlugs === undefined) return
  const current = ((await repo.householdsOf(ex, scope, [itemId])).get(itemId) ?? []).map((household) => household.id)
  const requested =
    change.householdSlugs === undefined ? undefined : await repo.householdIdsBySlugs(ex, scope, change.householdSlugs)
  const holders = settleOnHand({ current, requested, onHand: change.onHand, callerHouseholdId: scope.householdId })
  await repo.replace(ex, itemId, holders)
}

/** How an item's holders read in an answer: whether the caller's household is one, and all of their slugs. */
export function onHandAnswer(holders: readonly { id: string; slug: string }[] | undefined, scope: Scope) {
  const households = holders ?? []
  return {
    onHand: households.some((household) => household.id === scope.householdId),
    slugs: households.map((household) => household.slug),
  }
}
