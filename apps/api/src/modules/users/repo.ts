import { and, eq, gt, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { groups, households, revokedSessions, signInFailures, users } from '../../db/schema/index.js'

/** A user with the names and slugs of their group and household, as UserOut needs them. */
export const userWithTenancy = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  passwordHash: users.passwordHash,
  authMethod: users.authMethod,
  admin: users.admin,
  advanced: users.advanced,
  canInvite: users.canInvite,
  canManage: users.canManage,
  canManageHousehold: users.canManageHousehold,
  canOrganize: users.canOrganize,
  cacheKey: users.cacheKey,
  locale: users.locale,
  failedLoginAttempts: users.failedLoginAttempts,
  lockedAt: users.lockedAt,
  passwordChangedAt: users.passwordChangedAt,
  createdAt: users.createdAt,
  groupId: users.groupId,
  groupName: groups.name,
  groupSlug: groups.slug,
  householdId: users.householdId,
  householdName: households.name,
  householdSlug: households.slug,
}

export type NewUser = typeof users.$inferInsert
export type UserChanges = Partial<Omit<NewUser, 'id' | 'createdAt' | 'updatedAt'>>

export function createUserRepo(db: Database) {
  const selectUsers = () =>
    db
      .select(userWithTenancy)
      .from(users)
      .innerJoin(groups, eq(groups.id, users.groupId))
      .innerJoin(households, eq(households.id, users.householdId))

  return {
    async findById(userId: string) {
      const [row] = await selectUsers().where(eq(users.id, userId)).limit(1)
      return row ?? null
    },

    /** The user of a session, with whether that session was signed out of, in one query (it runs on every call). */
    async findForSession(userId: string, sessionId: string) {
      const [row] = await db
        .select({
          ...userWithTenancy,
          sessionRevoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenHash} = ${sessionId})`,
        })
        .from(users)
        .innerJoin(groups, eq(groups.id, users.groupId))
        .innerJoin(households, eq(households.id, users.householdId))
        .where(eq(users.id, userId))
        .limit(1)
      return row ?? null
    },

    /** Ends a session for good; rows of sessions that have expired anyway are dropped on the way. */
    async revokeSession(sessionId: string, expiresAt: Date) {
      await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, sql`now()`))
      await db.insert(revokedSessions).values({ tokenHash: sessionId, expiresAt }).onConflictDoNothing()
    },

    async findByIds(userIds: readonly string[]) {
      if (userIds.length === 0) return []
      return selectUsers().where(inArray(users.id, [...userIds]))
    },

    /** Sign-in accepts a username or an email, in any case; a username match wins (reference §2.2). */
    async findByLogin(login: string) {
      const normalized = login.trim().toLowerCase()
      const rows = await selectUsers()
        .where(or(eq(sql`lower(${users.username})`, normalized), eq(sql`lower(${users.email})`, normalized)))
        .limit(2)
      return rows.find((row) => row.username?.toLowerCase() === normalized) ?? rows[0] ?? null
    },

    async findByUsername(username: string) {
      const [row] = await selectUsers()
        .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
        .limit(1)
      return row ?? null
    },

    async findByEmail(email: string) {
      const [row] = await selectUsers()
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1)
      return row ?? null
    },

    async emailExists(email: string, exceptUserId?: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    async usernameExists(username: string, exceptUserId?: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.username})`, username.trim().toLowerCase()),
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    /** A taken username or email fails on the unique indexes (23505), which the error handler answers with 409. */
    async insert(executor: Executor, values: NewUser) {
      const [row] = await executor.insert(users).values(values).returning({ id: users.id })
      return row!.id
    },

    async update(executor: Executor, userId: string, changes: UserChanges) {
      await executor.update(users).set(changes).where(eq(users.id, userId))
    },

    async delete(userId: string) {
      await db.delete(users).where(eq(users.id, userId))
    },

    /**
     * Lifts locks whose time has passed; with `force` (reference §5 admin unlock) lifts every lock and clears every
     * failure count, of accounts and of logins without one, so no one is one wrong password from a lock. Answers how
     * many accounts it unlocked.
     */
    async unlock(lockedBefore: Date | null) {
      return db.transaction(async (transaction) => {
        const unlocked = await transaction
          .update(users)
          .set({ failedLoginAttempts: 0, lockedAt: null })
          .where(and(isNotNull(users.lockedAt), lockedBefore ? lt(users.lockedAt, lockedBefore) : undefined))
          .returning({ id: users.id })
        if (lockedBefore) {
          await transaction.delete(signInFailures).where(lt(signInFailures.lockedAt, lockedBefore))
        } else {
          await transaction.update(users).set({ failedLoginAttempts: 0 }).where(gt(users.failedLoginAttempts, 0))
          await transaction.delete(signInFailures)
        }
        return unlocked.length
      })
    },

    async count() {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
      return row?.count ?? 0
    },

    async countAdmins() {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.admin, true))
      return row?.count ?? 0
    },
  }
}

export type UserRepo = ReturnType<typeof createUserRepo>
export type UserRecord = NonNullable<Awaited<ReturnType<UserRepo['findById']>>>
