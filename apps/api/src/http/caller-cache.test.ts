import { adminUpdateUser, createRecipe, getAdminAbout, getSelf, signOut, tagEndpoints } from '@larder/contracts'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { createSecondInstance, createTestApp, type TestApp } from '../../test/test-app.js'
import type { Caller, VerifiedToken } from './authentication.js'
import { createCallerCache } from './caller-cache.js'

const session = (token: string): VerifiedToken => ({
  kind: 'session',
  claims: { sub: 'u1', iat: 0, exp: 0 },
  token,
})
const callerOf = (userId: string) => ({ userId, carrier: 'bearer', session: null }) as unknown as Caller

/** A loader that answers what `answers` holds for the user at the moment it is called, and counts its calls. */
function countingLoader(answers: Map<string, Caller | null>) {
  const calls: string[] = []
  return {
    calls,
    load: (verified: VerifiedToken) => {
      calls.push(verified.token)
      return Promise.resolve(answers.get(verified.token) ?? null)
    },
  }
}

describe('the caller cache', () => {
  it('looks a token up once while it remembers, again after its lifetime, and never remembers a refusal', async () => {
    let now = 1_000
    const cache = createCallerCache({ lifetimeMs: 10_000, maxEntries: 10, now: () => now })
    const loader = countingLoader(new Map([['t1', callerOf('u1')]]))
    const load = cache.remembering(loader.load)

    await load(session('t1'), 'bearer')
    expect(loader.calls).toEqual(['t1']) // not yet remembering: no change feed stands
    cache.startRemembering()
    await load(session('t1'), 'bearer')
    expect(await load(session('t1'), 'bearer')).toMatchObject({ userId: 'u1' })
    expect(loader.calls).toEqual(['t1', 't1'])
    await load(session('t1'), 'cookie') // another carrier: a caller of its own
    expect(loader.calls).toHaveLength(3)

    now += 10_000
    await load(session('t1'), 'bearer')
    expect(loader.calls).toHaveLength(4)

    expect(await load(session('refused'), 'bearer')).toBeNull()
    expect(await load(session('refused'), 'bearer')).toBeNull()
    expect(loader.calls.filter((token) => token === 'refused')).toHaveLength(2)
  })

  it('does not keep what a lookup read before the callers were forgotten', async () => {
    const cache = createCallerCache({ lifetimeMs: 10_000, maxEntries: 10 })
    cache.startRemembering()
    let release: (caller: Caller) => void = () => undefined
    let calls = 0
    const load = cache.remembering(() => {
      calls += 1
      return calls === 1 ? new Promise<Caller>((resolve) => (release = resolve)) : Promise.resolve(callerOf('fresh'))
    })
    const stale = load(session('t1'), 'bearer')
    cache.forget() // a write commits while the first lookup is on its way
    release(callerOf('stale'))
    expect(await stale).toMatchObject({ userId: 'stale' })
    expect(await load(session('t1'), 'bearer')).toMatchObject({ userId: 'fresh' })
    expect(calls).toBe(2)
  })

  it('makes room by dropping the oldest entry, and hands out callers no handler can change', async () => {
    const cache = createCallerCache({ lifetimeMs: 10_000, maxEntries: 2 })
    cache.startRemembering()
    const loader = countingLoader(new Map(['a', 'b', 'c'].map((token) => [token, callerOf(token)])))
    const load = cache.remembering(loader.load)
    for (const token of ['a', 'b', 'c', 'b', 'a']) await load(session(token), 'bearer')
    expect(loader.calls).toEqual(['a', 'b', 'c', 'a'])
    const caller = (await load(session('c'), 'bearer'))!
    expect(() => Object.assign(caller, { admin: true })).toThrow(TypeError)
  })
})

/** Resolves once the app's cache stands: it listens for changes, so it remembers. */
async function remembering(app: FastifyInstance): Promise<void> {
  await app.ready()
  await vi.waitFor(() => expect(app.callerCache.isRemembering()).toBe(true), { timeout: 10_000 })
}

async function adminAndMember(testApp: TestApp) {
  const admin = await testApp.make.user({ admin: true })
  const member = await testApp.make.user({ householdId: admin.householdId, admin: true })
  await remembering(testApp.app)
  return { admin, member }
}

describe('remembered callers in the app', () => {
  it('sees a change made in SQL, outside any instance, as soon as PostgreSQL notifies it', async () => {
    const testApp = await createTestApp()
    const { member } = await adminAndMember(testApp)
    const { api, sql } = testApp
    const memberSession = api.session(member)
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(200)

    // Without the notification (triggers off in this session), the remembered caller still counts: it is remembered.
    await sql.begin(async (transaction) => {
      await transaction`set local session_replication_role = replica`
      await transaction`update users set admin = false where id = ${member.id}`
    })
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(200)

    await sql`update users set admin = false where id = ${member.id}`
    await vi.waitFor(async () => expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(403), {
      timeout: 5_000,
    })
  })

  it('listens again when its connection is killed, and sees changes from then on', async () => {
    const testApp = await createTestApp()
    const { member } = await adminAndMember(testApp)
    const { api, sql } = testApp
    const listener = () => sql<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`
    const [killed] = await listener()
    await sql`select pg_terminate_backend(${killed!.pid})`
    await vi.waitFor(async () => expect((await listener()).map((row) => row.pid)).not.toContain(killed!.pid), {
      timeout: 5_000,
    })
    await vi.waitFor(async () => expect(await listener()).toHaveLength(1), { timeout: 5_000 })
    await remembering(testApp.app)

    const memberSession = api.session(member)
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(200)
    await sql`update users set admin = false where id = ${member.id}`
    // Well within the 10 s a remembered caller lasts: only the renewed listen can tell this instance in time.
    await vi.waitFor(async () => expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(403), {
      timeout: 3_000,
    })
  })

  it('refuses a session from the very next request after signing out, or a member demoted, on this instance', async () => {
    const testApp = await createTestApp()
    const { admin, member } = await adminAndMember(testApp)
    const { api, sql } = testApp
    const memberSession = api.session(member)
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(200)
    // The instance's own writes count before their notification comes back; here none will.
    await sql`alter table users disable trigger users_notify_callers_changed`
    await sql`alter table revoked_sessions disable trigger revoked_sessions_notify_callers_changed`
    const self = await api.ok(getSelf, { as: member })
    await api.ok(adminUpdateUser, { as: admin, params: { id: member.id }, body: { ...self, admin: false } })
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(403)

    await api.ok(signOut, { as: memberSession })
    expect((await api.call(getSelf, { as: memberSession })).status).toBe(401)
  })

  it('keeps what it remembers through writes that touch no user, session or API token', async () => {
    const testApp = await createTestApp()
    const { admin, member } = await adminAndMember(testApp)
    const { api, sql } = testApp
    const memberSession = api.session(member)
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(200)
    // Demoted without a notification: only a forgetting write would make this instance look the member up again.
    await sql.begin(async (transaction) => {
      await transaction`set local session_replication_role = replica`
      await transaction`update users set admin = false where id = ${member.id}`
    })
    await api.ok(createRecipe, { as: admin, body: { name: 'Soup' } })
    await api.ok(tagEndpoints.create, { as: admin, body: { name: 'Quick' } })
    expect((await api.call(getAdminAbout, { as: memberSession })).status).toBe(200)
  })

  it('refuses a session signed out on another instance', async () => {
    const testApp = await createTestApp()
    const { member } = await adminAndMember(testApp)
    const second = await createSecondInstance(testApp)
    await remembering(second.app)
    const memberSession = testApp.api.session(member)
    expect((await second.api.call(getSelf, { as: memberSession })).status).toBe(200)

    await testApp.api.ok(signOut, { as: memberSession })
    await vi.waitFor(async () => expect((await second.api.call(getSelf, { as: memberSession })).status).toBe(401), {
      timeout: 5_000,
    })
  })
})
