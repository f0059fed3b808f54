import { describe, expect, it } from 'vitest'
import { settleOnHand } from './on-hand.js'

const caller = 'mine'
const settle = (current: string[], requested: string[] | undefined, onHand: boolean | undefined) =>
  settleOnHand({ current, requested, onHand, callerHouseholdId: caller }).sort()

describe('which households hold an item after a write', () => {
  it('toggles only the caller’s household when a 2.0 client flips onHand and sends the list it read', () => {
    expect(settle(['other'], ['other'], true)).toEqual(['mine', 'other'])
    expect(settle(['mine', 'other'], ['mine', 'other'], false)).toEqual(['other'])
  })

  it('takes the list when a later client edits it and sends the onHand it read', () => {
    expect(settle(['mine', 'other'], ['other'], true)).toEqual(['other'])
    expect(settle(['other'], ['mine', 'other'], false)).toEqual(['mine', 'other'])
  })

  it('applies both when both changed, and keeps the set when neither is sent', () => {
    expect(settle(['other'], [], true)).toEqual(['mine'])
    expect(settle(['mine', 'other'], undefined, undefined)).toEqual(['mine', 'other'])
    expect(settle([], undefined, false)).toEqual([])
  })
})
