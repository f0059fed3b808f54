import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSecondInstance, createTestApp, type TestApp } from '../../test/test-app.js'
import { inTransaction } from '../db/transaction.js'
import { notFound } from './errors.js'
import { isIdempotentWrite } from './idempotency.js'

/** A write route under one of the prefixes (the list and plan areas live on other branches), through the database. */
const probePath = '/api/households/shopping/idempotency-probe'

interface Probe {
  /** Handler runs by the body's `name`. */
  runs: Map<string, number>
  /** Requests whose body names a gate wait for it before they touch the database. */
  gates: Map<string, Promise<void>>
  /** Names whose first run fails with a 500. */
  failOnce: Set<string>
}

function addProbeRoute(app: FastifyInstance, probe: Probe, db: TestApp['db']) {
  app.post(probePath, async (request, reply) => {
    const caller = await request.requireCaller()
    const body = request.body as { name: string; gate?: string; status?: number }
    const run = (probe.runs.get(body.name) ?? 0) + 1
    probe.runs.set(body.name, run)
    if (body.gate) await probe.gates.get(body.gate)
    // The handler's own transaction: the claim must not hold a second connection meanwhile (pool size 1).
    const [row] = await inTransaction(db, (tx) =>
      tx.execute<{ at: string }>(sql`select pg_sleep(0.02), now()::text as at`),
    )
    if (probe.failOnce.delete(body.name)) throw new Error('the database went away')
    if (body.status === 404) throw notFound('No such list')
    return reply.code(201).send({ name: body.name, run, by: caller.userId, at: row!.at, id: randomUUID() })
  })
}

function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

let testApp: TestApp
let probe: Probe
let authorization: string

beforeAll(async () => {
  testApp = await createTestApp()
  probe = { runs: new Map(), gates: new Map(), failOnce: new Set() }
  addProbeRoute(testApp.app, probe, testApp.db)
  authorization = testApp.api.authorization(await testApp.make.user())
})

function send(
  body: Record<string, unknown>,
  key: string | undefined,
  options: { app?: FastifyInstance; url?: string; as?: string; method?: 'POST' | 'GET' } = {},
) {
  return (options.app ?? testApp.app).inject({
    method: options.method ?? 'POST',
    url: options.url ?? probePath,
    headers: { authorization: options.as ?? authorization, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(options.method === 'GET' ? {} : { payload: body }),
  })
}

describe('Idempotency-Key on household list and plan writes', () => {
  it('applies to writes under the prefixes only', () => {
    expect(isIdempotentWrite('POST', '/api/households/shopping/items?x=1')).toBe(true)
    expect(isIdempotentWrite('DELETE', '/api/households/mealplans/3')).toBe(true)
    expect(isIdempotentWrite('PATCH', '/api/households/mealplans')).toBe(true)
    expect(isIdempotentWrite('GET', '/api/households/shopping/items')).toBe(false)
    expect(isIdempotentWrite('POST', '/api/households/shoppinglist')).toBe(false)
    expect(isIdempotentWrite('POST', '/api/recipes')).toBe(false)
  })

  it('answers a repeated key with the first answer, marked replayed, without running the handler again', async () => {
    const key = randomUUID()
    const first = await send({ name: 'repeat' }, key)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const second = await send({ name: 'repeat' }, key)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.headers['content-type']).toMatch(/application\/json/)
    expect(second.body).toBe(first.body)
    expect(probe.runs.get('repeat')).toBe(1)
    // The same body with its keys in another order is the same request.
    const reordered = await testApp.app.inject({
      method: 'POST',
      url: probePath,
      headers: { authorization, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: '{ "name" : "repeat" }',
    })
    expect(reordered.statusCode).toBe(201)
    expect(probe.runs.get('repeat')).toBe(1)
  })

  it('runs the handler once for ten parallel duplicates, and all ten get its answer', async () => {
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 10 }, () => send({ name: 'parallel' }, key)))
    expect(probe.runs.get('parallel')).toBe(1)
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([201]))
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9)
  })

  it('refuses the same key with another body or another path with 422, and runs nothing', async () => {
    const key = randomUUID()
    expect((await send({ name: 'body-a' }, key)).statusCode).toBe(201)
    const otherBody = await send({ name: 'body-b' }, key)
    expect(otherBody.statusCode).toBe(422)
    expect(otherBody.json().detail.message).toMatch(/Idempotency-Key was already used for a different request/)
    const otherPath = await send({ name: 'body-a' }, key, { url: `${probePath}?copy=1` })
    expect(otherPath.statusCode).toBe(422)
    expect(probe.runs.get('body-a')).toBe(1)
    expect(probe.runs.has('body-b')).toBe(false)
  })

  it('keeps keys per user', async () => {
    const key = randomUUID()
    const other = testApp.api.authorization(await testApp.make.user())
    const mine = await send({ name: 'per-user' }, key)
    const theirs = await send({ name: 'per-user' }, key, { as: other })
    expect(theirs.statusCode).toBe(201)
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
    expect(theirs.json().by).not.toBe(mine.json().by)
    expect(probe.runs.get('per-user')).toBe(2)
  })

  it('stores a 4xx answer, but releases the key after a 5xx so that a retry runs again', async () => {
    const refusedKey = randomUUID()
    const refused = await send({ name: 'refused', status: 404 }, refusedKey)
    expect(refused.statusCode).toBe(404)
    const refusedAgain = await send({ name: 'refused', status: 404 }, refusedKey)
    expect(refusedAgain.statusCode).toBe(404)
    expect(refusedAgain.headers['idempotent-replayed']).toBe('true')
    expect(refusedAgain.json()).toEqual(refused.json())
    expect(probe.runs.get('refused')).toBe(1)

    const failingKey = randomUUID()
    probe.failOnce.add('flaky')
    expect((await send({ name: 'flaky' }, failingKey)).statusCode).toBe(500)
    const retried = await send({ name: 'flaky' }, failingKey)
    expect(retried.statusCode).toBe(201)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    expect(probe.runs.get('flaky')).toBe(2)
  })

  it('refuses keys that are empty or longer than 255 characters with 400, and leaves requests without one alone', async () => {
    expect((await send({ name: 'long' }, 'k'.repeat(255))).statusCode).toBe(201)
    const tooLong = await send({ name: 'long' }, 'k'.repeat(256))
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().detail.message).toMatch(/1 to 255 characters/)
    expect((await send({ name: 'long' }, '')).statusCode).toBe(400)
    expect(probe.runs.get('long')).toBe(1)

    expect((await send({ name: 'no-key' }, undefined)).statusCode).toBe(201)
    expect((await send({ name: 'no-key' }, undefined)).statusCode).toBe(201)
    expect(probe.runs.get('no-key')).toBe(2)
    // A key on a read, or on a write outside the prefixes, changes nothing.
    const read = await send({}, 'k'.repeat(300), { method: 'GET', url: '/api/users/self' })
    expect(read.statusCode).toBe(200)
    expect(await testApp.db.execute(sql`select 1 from idempotency_keys where length(key) > 255`)).toHaveLength(0)
  })

  it('asks a cookie-carried write for its XSRF header before it claims or replays a key', async () => {
    const user = await testApp.make.user()
    const token = testApp.api.authorization(user).replace('Bearer ', '')
    const key = randomUUID()
    const cookie = `mealie.access_token=${token}; XSRF-TOKEN=xsrf-value`
    const forged = await testApp.app.inject({
      method: 'POST',
      url: probePath,
      headers: { cookie, 'idempotency-key': key },
      payload: { name: 'cookie' },
    })
    expect(forged.statusCode).toBe(403)
    expect(probe.runs.has('cookie')).toBe(false)
    const real = await testApp.app.inject({
      method: 'POST',
      url: probePath,
      headers: { cookie, 'x-xsrf-token': 'xsrf-value', 'idempotency-key': key },
      payload: { name: 'cookie' },
    })
    expect(real.statusCode).toBe(201)
    expect(real.headers['idempotent-replayed']).toBeUndefined()
  })

  it('makes a duplicate sent to another instance wait for the first answer', async () => {
    const second = await createSecondInstance(testApp, { prepare: (app) => addProbeRoute(app, probe, testApp.db) })
    const key = randomUUID()
    const held = gate()
    probe.gates.set('across', held.promise)
    const first = send({ name: 'across', gate: 'across' }, key)
    await until(() => Promise.resolve(probe.runs.get('across') === 1), 'the first request to run')
    const duplicate = send({ name: 'across', gate: 'across' }, key, { app: second.app })
    await new Promise((resolve) => setTimeout(resolve, 300))
    held.open()
    const [firstAnswer, duplicateAnswer] = await Promise.all([first, duplicate])
    expect(firstAnswer.statusCode).toBe(201)
    expect(duplicateAnswer.headers['idempotent-replayed']).toBe('true')
    expect(duplicateAnswer.body).toBe(firstAnswer.body)
    expect(probe.runs.get('across')).toBe(1)
  })

  it('takes over a claim left for a minute by an instance that died', async () => {
    const key = randomUUID()
    const held = gate()
    probe.gates.set('orphan', held.promise)
    // The first request claims the key and hangs, as if its instance had stopped.
    const first = send({ name: 'orphan', gate: 'orphan' }, key)
    await until(() => Promise.resolve(probe.runs.get('orphan') === 1), 'the first request to run')
    await testApp.db.execute(sql`update idempotency_keys set claimed_at = now() - interval '61 seconds'
      where key = ${key}`)
    probe.gates.delete('orphan')
    const takeover = await send({ name: 'orphan', gate: 'orphan' }, key)
    expect(takeover.statusCode).toBe(201)
    expect(takeover.json().run).toBe(2)
    // The first one's late answer does not replace the stored one.
    held.open()
    await first
    const replay = await send({ name: 'orphan', gate: 'orphan' }, key)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.body).toBe(takeover.body)
  })

  it('answers 409 when the first request has not answered within 10 s', { timeout: 20_000 }, async () => {
    const key = randomUUID()
    const held = gate()
    probe.gates.set('slow', held.promise)
    const first = send({ name: 'slow', gate: 'slow' }, key)
    await until(() => Promise.resolve(probe.runs.get('slow') === 1), 'the first request to run')
    const started = Date.now()
    const duplicate = await send({ name: 'slow', gate: 'slow' }, key)
    expect(duplicate.statusCode).toBe(409)
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900)
    expect(duplicate.json().detail.message).toMatch(/still being answered/)
    held.open()
    expect((await first).statusCode).toBe(201)
    expect(probe.runs.get('slow')).toBe(1)
  })
})

async function until(condition: () => Promise<boolean>, what: string) {
  for (let waited = 0; waited < 15_000; waited += 20) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`gave up waiting for ${what}`)
}

describe('the hourly pruning of idempotency keys', () => {
  it('forgets keys older than a day and keeps the rest', async () => {
    const pruned = await createTestApp()
    const user = await pruned.make.user()
    await pruned.db.execute(sql`
      insert into idempotency_keys (user_id, key, fingerprint, claim_id, status_code, created_at) values
        (${user.id}, 'old', 'f', gen_random_uuid(), 201, now() - interval '25 hours'),
        (${user.id}, 'recent', 'f', gen_random_uuid(), 201, now() - interval '23 hours')`)
    // The schedule is first seen when the app starts; its next slot is an hour on: move the last one back.
    await pruned.app.ready()
    await until(
      async () =>
        (await pruned.db.execute(sql`select 1 from job_schedules where key = 'idempotency.prune'`)).length === 1,
      'the schedule to be seen',
    )
    await pruned.db.execute(
      sql`update job_schedules set last_slot = last_slot - interval '1 hour' where key = 'idempotency.prune'`,
    )
    await pruned.app.jobs.checkSchedules()
    const keys = async () =>
      (await pruned.db.execute<{ key: string }>(sql`select key from idempotency_keys`)).map((row) => row.key)
    await until(async () => (await keys()).length === 1, 'the pruning to run')
    expect(await keys()).toEqual(['recent'])
  })
})
