import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createFactories } from '../../../test/factories.js'
import { createTestDatabase } from '../../../test/test-database.js'
import { apiTokens, householdPreferences, users } from '../../db/schema/index.js'
import { HttpError } from '../errors.js'
import { queryFilterSql } from './query-filter-sql.js'
import { attributeKindsListSpec } from './attribute-kinds.test-spec.js'

const { db, sql } = await createTestDatabase()
const make = createFactories(db)

let groupId: string
let household: { id: string; slug: string }
let otherHousehold: { id: string }
const usernames = { ada: '', bob: '', cyd: '' }

/** Usernames of the group's users matching the filter, sorted. */
async function matching(filter: string, now?: Date): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.groupId, groupId), queryFilterSql(attributeKindsListSpec, filter, now)))
  return rows.map((row) => row.username ?? '').sort()
}

async function refusal(filter: string): Promise<string> {
  const error: unknown = await matching(filter).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(HttpError)
  expect((error as HttpError).statusCode).toBe(400)
  return (error as HttpError).message
}

beforeAll(async () => {
  const group = await make.group({ name: 'Filter Group' })
  groupId = group.id
  household = await make.household({ groupId, name: 'Home One', privateHousehold: false })
  otherHousehold = await make.household({ groupId, name: 'Home Two', privateHousehold: true })
  const ada = await make.user({ householdId: household.id, username: 'ada', fullName: 'Ada Lovelace', admin: true })
  const bob = await make.user({ householdId: household.id, username: 'bob', fullName: 'Bob' })
  const cyd = await make.user({ householdId: otherHousehold.id, username: 'cyd', fullName: 'Cyd Charisse' })
  Object.assign(usernames, { ada: ada.id, bob: bob.id, cyd: cyd.id })
  await db
    .update(users)
    .set({ failedLoginAttempts: 3, lockedAt: new Date('2024-01-10T12:00:00Z') })
    .where(eq(users.id, bob.id))
  await db
    .update(users)
    .set({ createdAt: new Date('2023-01-01T00:00:00Z') })
    .where(eq(users.id, ada.id))
  await db.insert(apiTokens).values([
    { userId: ada.id, name: 'Vegan', tokenHash: 'h1' },
    { userId: ada.id, name: 'Quick', tokenHash: 'h2' },
    { userId: bob.id, name: 'Quick', tokenHash: 'h3' },
    { userId: bob.id, name: 'Slow', integrationId: 'home-assistant', tokenHash: 'h4' },
  ])
})

describe('conditions against the database', () => {
  it.each([
    ['username = ada', ['ada']],
    ['username <> ada', ['bob', 'cyd']],
    ['failedLoginAttempts >= 3', ['bob']],
    ['failed_login_attempts < 2.5', ['ada', 'cyd']],
    ['admin = true', ['ada']],
    ['admin = yes', ['ada']],
    ['admin = 1', ['ada']],
    ['admin = f', ['bob', 'cyd']],
    ['lockedAt IS NULL', ['ada', 'cyd']],
    ['locked_at IS NOT NONE', ['bob']],
    ['locked_at > "2024-01-10"', ['bob']],
    ['locked_at < "January 11 2024"', ['bob']],
    ['locked_at > "2024-01-10T12:00:00Z"', []],
    ['created_at < 2023-06-01', ['ada']],
    ['username IN [ada, "cyd", nobody]', ['ada', 'cyd']],
    ['username NOT IN [ada]', ['bob', 'cyd']],
    ['username IN []', []],
    ['username NOT IN []', ['ada', 'bob', 'cyd']],
    ['full_name LIKE "%Lo%"', ['ada']],
    ['fullName NOT LIKE "%Lo%"', ['bob', 'cyd']],
    ['auth_method = Mealie', ['ada', 'bob', 'cyd']],
    ['auth_method = NoSuchMethod', []],
    ['auth_method LIKE "Mea%"', ['ada', 'bob', 'cyd']],
    ['username = ""', []],
    ['username = bob OR username = cyd AND admin = true', ['bob']],
    ['(username = bob OR username = cyd) AND admin = false', ['bob', 'cyd']],
  ])('%s', async (filter, expected) => {
    expect(await matching(filter)).toEqual(expected)
  })

  it('walks nested to-one relations in camelCase or snake_case', async () => {
    expect(await matching('household.preferences.privateHousehold = false')).toEqual(['ada', 'bob'])
    expect(await matching('household.preferences.private_household = true')).toEqual(['cyd'])
    expect(await matching(`household.slug = "${household.slug}"`)).toEqual(['ada', 'bob'])
    expect(await matching(`household_id = "${otherHousehold.id}"`)).toEqual(['cyd'])
    expect(await matching('group.preferences.privateGroup IS NOT NULL AND group.name = "Filter Group"')).toHaveLength(3)
  })

  it('reads a missing related row as null, as an outer join would', async () => {
    await db.delete(householdPreferences).where(eq(householdPreferences.householdId, otherHousehold.id))
    try {
      expect(await matching('household.preferences.private_household IS NULL')).toEqual(['cyd'])
      expect(await matching('household.preferences.private_household IS NOT NULL')).toEqual(['ada', 'bob'])
    } finally {
      await db.insert(householdPreferences).values({ householdId: otherHousehold.id, privateHousehold: true })
    }
  })

  it('matches to-many relations when any related row does, counting each parent once', async () => {
    expect(await matching('tokens.name = Quick')).toEqual(['ada', 'bob'])
    expect(await matching('tokens.name IN [Quick, Vegan, Slow]')).toEqual(['ada', 'bob'])
    const [row] = await sql`select count(*)::int as count from users where group_id = ${groupId}`
    expect(row?.count).toBe(3)
    expect(await matching('tokens.name NOT IN [Quick]')).toEqual(['ada', 'bob'])
    expect(await matching('tokens.name NOT IN [Quick, Vegan]')).toEqual(['bob'])
    expect(await matching('tokens.integrationId = "home-assistant"')).toEqual(['bob'])
    expect(await matching('tokens.name IS NULL')).toEqual(['cyd'])
    expect(await matching('tokens.name IS NOT NULL')).toEqual(['ada', 'bob'])
  })

  it('requires every value of CONTAINS ALL, possibly in different related rows', async () => {
    expect(await matching('tokens.name CONTAINS ALL ["Vegan", "Quick"]')).toEqual(['ada'])
    expect(await matching('tokens.name CONTAINS ALL [Quick]')).toEqual(['ada', 'bob'])
    expect(await matching('tokens.name CONTAINS ALL [Quick, Nope]')).toEqual([])
    expect(await matching('tokens.name CONTAINS ALL []')).toEqual(['ada', 'bob', 'cyd'])
  })

  it('shifts $NOW relative dates, inside quotes and lists too', async () => {
    const now = new Date('2024-01-20T00:00:00Z')
    expect(await matching('locked_at > "$NOW-14d"', now)).toEqual(['bob'])
    expect(await matching('locked_at > $NOW-5d', now)).toEqual([])
    expect(await matching('locked_at IN ["$NOW-9d-12H"]', now).catch((error: HttpError) => error.statusCode)).toBe(400)
    expect(await matching('created_at < "$NOW"')).toEqual(['ada', 'bob', 'cyd'])
  })
})

describe('refusals never reach the database as errors', () => {
  it.each([
    ['badAttribute = 1', "invalid attribute string: 'badAttribute' does not exist on this schema"],
    ['group.badAttribute = 1', "invalid attribute string: 'group.badAttribute' does not exist on this schema"],
    ['tokens = 1', "invalid attribute string: 'tokens' does not exist on this schema"],
    ['constructor = 1', "invalid attribute string: 'constructor' does not exist on this schema"],
    ['__proto__.x = 1', "invalid attribute string: '__proto__.x' does not exist on this schema"],
    ['password_hash IS NULL', "invalid attribute string: 'password_hash' does not exist on this schema"],
    ['id = "not-a-uuid"', "invalid query string: 'not-a-uuid' is not a valid UUID for 'id'"],
    ['household.id IN [x]', "invalid query string: 'x' is not a valid UUID for 'household.id'"],
    ['createdAt LIKE "2023%"', /LIKE and NOT LIKE only work on text attributes, not on 'createdAt'/],
    ['admin NOT LIKE "t%"', /only work on text attributes/],
    ['created_at > "not a date"', "invalid query string: unknown date or datetime format 'not a date'"],
    ['created_at > "2024-02-30"', /unknown date or datetime format/],
    ['created_at > "9999-12-31T23:59:59-05:00"', /unknown date or datetime format/],
    ['locked_at < "$NOW+99999999y"', /unknown date or datetime format|invalid relative date/],
    ['created_at < "$NOW+1w"', /invalid relative date/],
    [
      'failed_login_attempts > abc',
      "invalid query string: 'abc' is not a number, which 'failed_login_attempts' requires",
    ],
    ['failed_login_attempts IN [1, two]', /is not a number/],
    ['(username = "x"))', 'invalid query string: parenthesis are unbalanced'],
    ['username IS "x"', /can only be followed by NULL or NONE/],
    ['username IN "x"', /must be followed by a list/],
  ])('refuses %s with 400', async (filter, message) => {
    const refused = await refusal(filter)
    if (typeof message === 'string') expect(refused).toBe(message)
    else expect(refused).toMatch(message)
  })

  it('answers the longest filter the contract allows, nested deeply, without a database error', async () => {
    const chain = Array.from({ length: 400 }, (_, index) => `a=${index}`).join(' OR ')
    const filter = `${chain.replaceAll('a=', 'username=')} OR username = ada`.slice(-5000)
    expect(await matching(filter.slice(filter.indexOf('username')))).toEqual(['ada'])
    const nested = `${'('.repeat(1000)}username = bob${')'.repeat(1000)}`
    expect(await matching(nested)).toEqual(['bob'])
  })

  it('binds every value as a parameter and never splices it into the SQL text', async () => {
    const hostile = `x'; drop table users; --`
    const query = db
      .select({ id: users.id })
      .from(users)
      .where(queryFilterSql(attributeKindsListSpec, `username = "${hostile}" OR tokens.name IN ["${hostile}"]`))
      .toSQL()
    expect(query.sql).not.toContain('drop table')
    expect(query.params).toContain(hostile)
    expect(await matching(`username = "${hostile}"`)).toEqual([])
    const [row] = await sql`select count(*)::int as count from users`
    expect(row?.count).toBeGreaterThan(0)
  })
})
