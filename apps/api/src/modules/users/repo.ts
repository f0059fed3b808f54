import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { groups, households, users } from '../../db/schema/index.js'

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

    async recordFailedSignIn(userId: string, maximumAttempts: number) {
      await db
        .update(users)
        .set({
          failedLoginAttempts: sql`${users.failedLoginAttempts} + 1`,
          lockedAt: sql`case when ${users.failedLoginAttempts} + 1 >= ${maximumAttempts} then now() else ${users.lockedAt} end`,
        })
        .where(eq(users.id, userId))
    },

    async clearFailedSignIns(userId: string) {
      await db.update(users).set({ failedLoginAttempts: 0, lockedAt: null }).where(eq(users.id, userId))
    },

    /** Lifts locks whose time has passed, or every lock with `force`; answers how many users it unlocked. */
    async unlock(lockedBefore: Date | null) {
      const rows = await db
        .update(users)
        .set({ failedLoginAttempts: 0, lockedAt: null })
        .where(and(isNotNull(users.lockedAt), lockedBefore ? lt(users.lockedAt, lockedBefore) : undefined))
        .returning({ id: users.id })
      return rows.length
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
