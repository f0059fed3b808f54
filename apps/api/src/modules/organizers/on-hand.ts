/**
 * Which households hold an item after a write (reference §2.8 "On-hand"). Clients send either form: 2.0 clients
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
