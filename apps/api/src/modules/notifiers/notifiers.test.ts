import {
  createNotifier,
  deleteNotifier,
  getNotifier,
  listNotifierDeliveries,
  listNotifiers,
  testNotifier,
  updateNotifier,
} from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { notifiers } from '../../db/schema/index.js'

async function kitchen() {
  const testApp = await createTestApp()
  const household = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: household.id, advanced: true })
  const plain = await testApp.make.user({ householdId: household.id })
  const neighbourHousehold = await testApp.make.household({ groupId: household.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHousehold.id, advanced: true })
  return { ...testApp, household, cook, plain, neighbour }
}

const everyFlagOff = {
  testMessage: false,
  webhookTask: false,
  recipeCreated: false,
  recipeUpdated: false,
  recipeDeleted: false,
  userSignup: false,
  dataMigrations: false,
  dataExport: false,
  dataImport: false,
  mealplanEntryCreated: false,
  shoppingListCreated: false,
  shoppingListUpdated: false,
  shoppingListDeleted: false,
  cookbookCreated: false,
  cookbookUpdated: false,
  cookbookDeleted: false,
  tagCreated: false,
  tagUpdated: false,
  tagDeleted: false,
  categoryCreated: false,
  categoryUpdated: false,
  categoryDeleted: false,
  webhookFailed: false,
}

describe('notifiers', () => {
  it('creates an enabled notifier with every event off, keeps its URL sealed and answers it masked', async () => {
    const { api, cook, db } = await kitchen()
    const created = await api.ok(createNotifier, {
      as: cook,
      body: { name: ' Phone ', appriseUrl: 'ntfys://ntfy.sh/larder-secret-topic' },
    })
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Phone',
      enabled: true,
      groupId: cook.groupId,
      householdId: cook.householdId,
      options: { ...everyFlagOff, id: expect.any(String) },
      maskedUrl: 'ntfys://ntfy.sh/***',
    })
    const [stored] = await db.select().from(notifiers).where(eq(notifiers.id, created.id))
    expect(stored!.encryptedUrl).not.toContain('larder-secret-topic')
    expect(JSON.stringify(await api.ok(getNotifier, { as: cook, params: { id: created.id } }))).not.toContain(
      'larder-secret-topic',
    )
    const listed = await api.ok(listNotifiers, { as: cook })
    expect(listed).toMatchObject({ total: 1, page: 1, per_page: 50, next: null, previous: null })
    expect(listed.items.map((item) => item.id)).toEqual([created.id])
  })

  it('refuses an unknown scheme or a URL missing its parts with a 422 at appriseUrl, storing nothing', async () => {
    const { api, cook, db } = await kitchen()
    for (const appriseUrl of [
      'foo://example.com/x',
      'https://example.com/hook',
      'discord://only-one-part',
      'tgram://nobot',
    ]) {
      const answer = await api.call(createNotifier, { as: cook, body: { name: 'Bad', appriseUrl } })
      expect(answer.status, appriseUrl).toBe(422)
      expect(JSON.stringify(answer.body)).toContain('appriseUrl')
    }
    const unknown = await api.call(createNotifier, { as: cook, body: { name: 'Bad', appriseUrl: 'foo://x' } })
    expect(JSON.stringify(unknown.body)).toContain('does not deliver foo://')
    for (const body of [
      { name: 'No URL' },
      { appriseUrl: 'json://example.com' },
      { name: 'x'.repeat(201), appriseUrl: 'json://example.com' },
    ]) {
      expect((await api.call(createNotifier, { as: cook, body: body as never })).status).toBe(422)
    }
    expect(await db.select().from(notifiers)).toEqual([])
  })

  it('replaces name, state and options; an omitted or masked URL is kept, never-stored flags stay off', async () => {
    const { api, cook, db } = await kitchen()
    const created = await api.ok(createNotifier, {
      as: cook,
      body: { name: 'Hook', appriseUrl: 'jsons://user:pass@example.com/hooks/abc' },
    })
    expect(created.maskedUrl).toBe('jsons://user:***@example.com/***')
    const [before] = await db.select().from(notifiers).where(eq(notifiers.id, created.id))
    const updated = await api.ok(updateNotifier, {
      as: cook,
      params: { id: created.id },
      body: {
        ...created,
        name: 'Kitchen hook',
        enabled: false,
        appriseUrl: created.maskedUrl,
        options: { recipeCreated: true, shoppingListUpdated: true, testMessage: true, webhookTask: true, id: 'x' },
      },
    })
    expect(updated).toMatchObject({
      name: 'Kitchen hook',
      enabled: false,
      maskedUrl: created.maskedUrl,
      options: { ...everyFlagOff, recipeCreated: true, shoppingListUpdated: true, id: created.options.id },
    })
    const [after] = await db.select().from(notifiers).where(eq(notifiers.id, created.id))
    expect(after!.encryptedUrl).toBe(before!.encryptedUrl)
    expect(after!.events).toEqual(['recipe_created', 'shopping_list_updated'])

    // snake_case keys are read as Mealie's models read them; a new URL replaces the stored one.
    const renamed = await api.ok(updateNotifier, {
      as: cook,
      params: { id: created.id },
      body: {
        name: 'Gotify',
        apprise_url: 'gotify://gotify.example.com/AbCdEf',
        options: { recipe_deleted: true },
      } as never,
    })
    expect(renamed).toMatchObject({ maskedUrl: 'gotify://gotify.example.com/***', enabled: true })
    expect(renamed.options.recipeDeleted).toBe(true)
    expect(renamed.options.recipeCreated).toBe(false)
    const refused = await api.call(updateNotifier, {
      as: cook,
      params: { id: created.id },
      body: { name: 'Bad', appriseUrl: 'foo://bar' },
    })
    expect(refused.status).toBe(422)
    expect((await api.ok(getNotifier, { as: cook, params: { id: created.id } })).name).toBe('Gotify')
  })

  it('keeps notifiers to their household and to members with advanced options', async () => {
    const { api, cook, plain, neighbour } = await kitchen()
    const created = await api.ok(createNotifier, { as: cook, body: { name: 'Mine', appriseUrl: 'json://example.com' } })
    expect((await api.ok(listNotifiers, { as: neighbour })).items).toEqual([])
    for (const endpoint of [getNotifier, deleteNotifier, testNotifier, listNotifierDeliveries] as const) {
      expect((await api.call(endpoint, { as: neighbour, params: { id: created.id } })).status).toBe(404)
    }
    expect(
      (await api.call(updateNotifier, { as: neighbour, params: { id: created.id }, body: { name: 'Theirs' } })).status,
    ).toBe(404)
    expect((await api.call(listNotifiers, { as: plain })).status).toBe(403)
    expect(
      (await api.call(createNotifier, { as: plain, body: { name: 'x', appriseUrl: 'json://example.com' } })).status,
    ).toBe(403)
    expect((await api.ok(getNotifier, { as: cook, params: { id: created.id } })).name).toBe('Mine')
  })

  it('deletes a notifier: 204, then 404', async () => {
    const { api, cook } = await kitchen()
    const created = await api.ok(createNotifier, { as: cook, body: { name: 'Gone', appriseUrl: 'json://example.com' } })
    expect((await api.call(deleteNotifier, { as: cook, params: { id: created.id } })).status).toBe(204)
    expect((await api.call(getNotifier, { as: cook, params: { id: created.id } })).status).toBe(404)
    expect((await api.call(deleteNotifier, { as: cook, params: { id: created.id } })).status).toBe(404)
  })

  it('answers 204 to a test whose receiver is refused, and records the failed attempt without the URL', async () => {
    const { api, cook } = await kitchen()
    // 127.0.0.1 is not public and no allow list names it: the guard refuses, the test still answers as Mealie's.
    const created = await api.ok(createNotifier, {
      as: cook,
      body: { name: 'Local', appriseUrl: 'json://127.0.0.1:9/secret-path' },
    })
    expect((await api.call(testNotifier, { as: cook, params: { id: created.id } })).status).toBe(204)
    const history = await api.ok(listNotifierDeliveries, { as: cook, params: { id: created.id } })
    expect(history).toEqual([
      expect.objectContaining({ eventType: 'test_message', eventVersion: null, outcome: 'failed', attempt: 1 }),
    ])
    expect(history[0]!.error).toMatch(/not on the public internet/)
    expect(history[0]!.error).not.toContain('secret-path')
  })
})
