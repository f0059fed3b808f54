import { and, eq, gt, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { preparedPerExecutor } from '../../db/prepared.js'
import { paginate, paginateAcrossTenants, type ListQuery, type PaginateOptions } from '../../http/list-query/index.js'
import type { Scope } from '../../http/scope.js'
import type { ListSpec } from '../../http/list-query/index.js'
import { apiTokens, groups, households, revokedSessions, signInFailures, users } from '../../db/schema/index.js'

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

/** The list options a service chooses: the path of the page links and how the page's rows become its items. */
export type UserListOptions<Item> = Pick<PaginateOptions<Item>, 'path' | 'select'>

const selectUsers = (ex: Executor) =>
  ex
    .select(userWithTenancy)
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .innerJoin(households, eq(households.id, users.householdId))

const sessionLookup = preparedPerExecutor((ex) =>
  ex
    .select({
      ...userWithTenancy,
      sessionRevoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenHash} = ${sql.placeholder('sessionId')})`,
    })
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .innerJoin(households, eq(households.id, users.householdId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('users_find_for_session'),
)

const apiTokenLookup = preparedPerExecutor((ex) =>
  selectUsers(ex)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        sql`exists (select 1 from ${apiTokens} where ${apiTokens.userId} = ${users.id} and ${apiTokens.tokenHash} = ${sql.placeholder('tokenHash')})`,
      ),
    )
    .limit(1)
    .prepare('users_find_for_api_token'),
)

/** Users are group-owned rows: the scope's group bounds every lookup of tenant data. */
const inGroup = (scope: Scope): SQL => eq(users.groupId, scope.groupId)

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * User rows. Every function runs on the executor it is given (the pool or the caller's transaction). Tenant reads and
 * writes take the caller's scope; the unscoped ones are named `…Any…` (administrators' cross-tenant work) or are the
 * identity lookups that come before there is a caller at all (sign-in, sessions, password reset, uniqueness).
 */
export const userRepo = {
  /** A user of the scope's group, or null (another group's user is simply not found). */
  async findById(ex: Executor, scope: Scope, userId: string) {
    const [row] = await selectUsers(ex)
      .where(and(inGroup(scope), eq(users.id, userId)))
      .limit(1)
    return row ?? null
  },

  async findByIds(ex: Executor, scope: Scope, userIds: readonly string[]) {
    if (userIds.length === 0) return []
    return selectUsers(ex).where(and(inGroup(scope), inArray(users.id, [...userIds])))
  },

  /** A member of the scope's group by id or by exact username (GET /api/groups/members/{usernameOrId}). */
  async findGroupMember(ex: Executor, scope: Scope, usernameOrId: string) {
    const key = usernameOrId.trim()
    const condition = uuidPattern.test(key) ? eq(users.id, key) : eq(users.username, key)
    const [row] = await selectUsers(ex)
      .where(and(inGroup(scope), condition))
      .limit(1)
    return row ?? null
  },

  pageOfGroupMembers<Item>(
    ex: Executor,
    scope: Scope,
    spec: ListSpec,
    query: ListQuery,
    options: UserListOptions<Item>,
  ) {
    return paginate(ex, spec, query, { ...options, scope: inGroup(scope) })
  },

  pageOfHouseholdMembers<Item>(
    ex: Executor,
    scope: Scope,
    spec: ListSpec,
    query: ListQuery,
    options: UserListOptions<Item>,
  ) {
    return paginate(ex, spec, query, {
      ...options,
      scope: and(inGroup(scope), eq(users.householdId, scope.householdId))!,
    })
  },

  async update(ex: Executor, scope: Scope, userId: string, changes: UserChanges) {
    await ex
      .update(users)
      .set(changes)
      .where(and(inGroup(scope), eq(users.id, userId)))
  },

  /** Any user of the server, for administrators and for identity work (sign-in, password reset, profile pictures). */
  async findAnyById(ex: Executor, userId: string) {
    const [row] = await selectUsers(ex).where(eq(users.id, userId)).limit(1)
    return row ?? null
  },

  async findAnyByIds(ex: Executor, userIds: readonly string[]) {
    if (userIds.length === 0) return []
    return selectUsers(ex).where(inArray(users.id, [...userIds]))
  },

  /** Every user of the server: administrators' lists only. */
  pageOfAnyUsers<Item>(ex: Executor, spec: ListSpec, query: ListQuery, options: UserListOptions<Item>) {
    return paginateAcrossTenants(ex, spec, query, options)
  },

  /** The members of any group, ordered by username, for administrators' GroupInDB. */
  async findAnyGroupMembers(ex: Executor, groupId: string) {
    return selectUsers(ex)
      .where(eq(users.groupId, groupId))
      .orderBy(sql`lower(${users.username})`)
  },

  /** Changes any user: administrators, and identity work (password reset, LDAP/OIDC admin sync). */
  async updateAny(ex: Executor, userId: string, changes: UserChanges) {
    await ex.update(users).set(changes).where(eq(users.id, userId))
  },

  async deleteAny(ex: Executor, userId: string) {
    await ex.delete(users).where(eq(users.id, userId))
  },

  /** The user of a session, with whether that session was signed out of, in one query (it runs on every call). */
  /** The user behind a sign-in session, with whether the session was signed out of: every such request asks. */
  async findForSession(ex: Executor, userId: string, sessionId: string) {
    const [row] = await sessionLookup(ex).execute({ userId, sessionId })
    return row ?? null
  },

  /** The user behind a long-lived API token while the token's row exists: every such request asks. */
  async findForApiToken(ex: Executor, userId: string, tokenHash: string) {
    const [row] = await apiTokenLookup(ex).execute({ userId, tokenHash })
    return row ?? null
  },

  /** Ends a session for good (until it would have expired anyway: the auth clean-up job drops it then). */
  async revokeSession(ex: Executor, sessionId: string, expiresAt: Date) {
    await ex.insert(revokedSessions).values({ tokenHash: sessionId, expiresAt }).onConflictDoNothing()
  },

  /** Revocations of sessions that have expired anyway: an expired token is refused without them. */
  async forgetExpiredRevocations(ex: Executor) {
    await ex.delete(revokedSessions).where(lt(revokedSessions.expiresAt, sql`now()`))
  },

  /** Sign-in accepts a username or an email, in any case; a username match wins (docs/mealie-compatibility.md "Authentication"). */
  async findByLogin(ex: Executor, login: string) {
    const normalized = login.trim().toLowerCase()
    const rows = await selectUsers(ex)
      .where(or(eq(sql`lower(${users.username})`, normalized), eq(sql`lower(${users.email})`, normalized)))
      .limit(2)
    return rows.find((row) => row.username?.toLowerCase() === normalized) ?? rows[0] ?? null
  },

  async findByUsername(ex: Executor, username: string) {
    const [row] = await selectUsers(ex)
      .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
      .limit(1)
    return row ?? null
  },

  async findByEmail(ex: Executor, email: string) {
    const [row] = await selectUsers(ex)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1)
    return row ?? null
  },

  /** Usernames and emails are unique across the server, so these ask the whole server. */
  async emailExists(ex: Executor, email: string, exceptUserId?: string) {
    const rows = await ex
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

  async usernameExists(ex: Executor, username: string, exceptUserId?: string) {
    const rows = await ex
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
  async insert(ex: Executor, values: NewUser) {
    const [row] = await ex.insert(users).values(values).returning({ id: users.id })
    return row!.id
  },

  /**
   * Lifts locks whose time has passed; with `force` (an administrator's unlock, docs/security.md "Permissions") lifts every lock and clears every
   * failure count, of accounts and of logins without one, so no one is one wrong password from a lock. Answers how
   * many accounts it unlocked. Server-wide: administrators only.
   */
  async unlockAny(ex: Executor, lockedBefore: Date | null) {
    return ex.transaction(async (transaction) => {
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

  async countAny(ex: Executor) {
    const [row] = await ex.select({ count: sql<number>`count(*)::int` }).from(users)
    return row?.count ?? 0
  },

  async countAnyAdmins(ex: Executor) {
    const [row] = await ex
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.admin, true))
    return row?.count ?? 0
  },
}

export type UserRepo = typeof userRepo
export type UserRecord = NonNullable<Awaited<ReturnType<UserRepo['findAnyById']>>>
