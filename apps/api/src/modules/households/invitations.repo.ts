import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { groups, households, inviteTokens } from '../../db/schema/index.js'
import type { Scope } from '../../http/scope.js'

/** Invitations are household-owned: listed and written only within the scope's group and household. */
const inHousehold = (scope: Scope) =>
  and(eq(inviteTokens.groupId, scope.groupId), eq(inviteTokens.householdId, scope.householdId))

export const invitationRepo = {
  async listForHousehold(ex: Executor, scope: Scope) {
    return ex
      .select()
      .from(inviteTokens)
      .where(and(inHousehold(scope), gt(inviteTokens.expiresAt, sql`now()`)))
      .orderBy(asc(inviteTokens.id))
  },

  async insert(ex: Executor, scope: Scope, values: { tokenHash: string; usesLeft: number; expiresAt: Date }) {
    const [row] = await ex
      .insert(inviteTokens)
      .values({ ...values, groupId: scope.groupId, householdId: scope.householdId })
      .returning()
    return row!
  },

  /** Identity: the invitation a registration presents, before there is a caller; locked until the transaction ends. */
  async findUsable(ex: Executor, tokenHash: string) {
    const [row] = await ex
      .select()
      .from(inviteTokens)
      .where(
        and(
          eq(inviteTokens.tokenHash, tokenHash),
          gt(inviteTokens.expiresAt, sql`now()`),
          gt(inviteTokens.usesLeft, 0),
        ),
      )
      .for('update')
      .limit(1)
    return row ?? null
  },

  /**
   * Identity: the names of the group and household a usable invitation joins, read without a lock (nothing is
   * spent); null for a token that is unknown, spent or expired alike.
   */
  async findUsableNames(ex: Executor, tokenHash: string) {
    const [row] = await ex
      .select({ group: groups.name, household: households.name })
      .from(inviteTokens)
      .innerJoin(groups, eq(groups.id, inviteTokens.groupId))
      .innerJoin(households, eq(households.id, inviteTokens.householdId))
      .where(
        and(
          eq(inviteTokens.tokenHash, tokenHash),
          gt(inviteTokens.expiresAt, sql`now()`),
          gt(inviteTokens.usesLeft, 0),
        ),
      )
      .limit(1)
    return row ?? null
  },

  /** One use spent of the invitation `findUsable` locked; the last use deletes it (docs/mealie-compatibility.md "Registration, invitations and password reset"). */
  async spendOne(ex: Executor, tokenId: number) {
    const [row] = await ex
      .update(inviteTokens)
      .set({ usesLeft: sql`${inviteTokens.usesLeft} - 1` })
      .where(eq(inviteTokens.id, tokenId))
      .returning({ usesLeft: inviteTokens.usesLeft })
    if (row && row.usesLeft <= 0) await ex.delete(inviteTokens).where(eq(inviteTokens.id, tokenId))
  },
}

export type InvitationRepo = typeof invitationRepo
