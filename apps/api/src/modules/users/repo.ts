import { eq, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { groups, households, users } from '../../db/schema/index.js'

const userWithTenancy = {
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
  failedLoginAttempts: users.failedLoginAttempts,
  lockedAt: users.lockedAt,
  passwordChangedAt: users.passwordChangedAt,
  groupId: users.groupId,
  groupName: groups.name,
  groupSlug: groups.slug,
  householdId: users.householdId,
  householdName: households.name,
  householdSlug: households.slug,
}

export type UserRecord = Awaited<ReturnType<ReturnType<typeof createUserRepo>['findById']>> & {}

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

    /** Sign-in accepts a username or an email, in any case; a username match wins (reference §2.2). */
    async findByLogin(login: string) {
      const normalized = login.trim().toLowerCase()
      const rows = await selectUsers()
        .where(or(eq(sql`lower(${users.username})`, normalized), eq(sql`lower(${users.email})`, normalized)))
        .limit(2)
      return rows.find((row) => row.username?.toLowerCase() === normalized) ?? rows[0] ?? null
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

    async emailExists(email: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1)
      return rows.length > 0
    },

    async anyUserExists() {
      const rows = await db.select({ id: users.id }).from(users).limit(1)
      return rows.length > 0
    },
  }
}

export type UserRepo = ReturnType<typeof createUserRepo>
