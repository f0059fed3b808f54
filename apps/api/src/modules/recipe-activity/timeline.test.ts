import fs from 'node:fs/promises'
import path from 'node:path'
import {
  createTimelineEvent,
  deleteTimelineEvent,
  getTimelineEvent,
  listTimelineEvents,
  updateTimelineEvent,
  uploadTimelineEventImage,
} from '@larder/contracts'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

const dataDirectory = `/tmp/larder-timeline-${process.pid}`

function multipartImage(content: Buffer, field = 'image') {
  const boundary = 'timeline-boundary'
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="extension"\r\n\r\njpg\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="made.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  }
}

describe('timeline events', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp({ DATA_DIR: dataDirectory })
  })

  const eventCount = async (recipeId: string) => {
    const [row] = await testApp.sql<{ count: number }[]>`
      select count(*)::int as count from recipe_timeline_events where recipe_id = ${recipeId}`
    return row!.count
  }

  it('adds events to any recipe of the group, by the caller, with `message` read as the event message', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const otherHousehold = await make.household({ groupId: owner.groupId })
    const neighbour = await make.user({ householdId: otherHousehold.id })
    const recipe = await make.recipe({ owner, name: 'Apple Pie' })

    const before = Date.now()
    const made = await api.ok(createTimelineEvent, {
      as: neighbour,
      body: { recipeId: recipe.id, subject: 'Made it', eventType: 'info', message: 'With cream' },
    })
    expect(made).toMatchObject({
      recipeId: recipe.id,
      userId: neighbour.id,
      groupId: owner.groupId,
      householdId: owner.householdId,
      subject: 'Made it',
      eventType: 'info',
      eventMessage: 'With cream',
      image: 'does not have image',
      recipe: { id: recipe.id, slug: 'apple-pie', name: 'Apple Pie', userId: owner.id },
    })
    expect(Date.parse(made.timestamp)).toBeGreaterThanOrEqual(before - 1000)

    const dated = await api.ok(createTimelineEvent, {
      as: owner,
      body: {
        recipeId: recipe.id,
        subject: 'Created',
        eventType: 'system',
        eventMessage: 'Imported',
        timestamp: '2024-05-01T10:00:00Z',
      },
    })
    expect(dated.timestamp).toBe('2024-05-01T10:00:00.000Z')
    expect(await api.ok(getTimelineEvent, { as: neighbour, params: { id: dated.id } })).toEqual(dated)
  })

  it('lists the group’s events through the list machine: recipe.slug, recipe.user.id, eventType IN, timestamp order', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const mate = await make.user({ householdId: owner.householdId })
    const soup = await make.recipe({ owner, name: 'Leek Soup' })
    const stew = await make.recipe({ owner: mate, name: 'Bean Stew' })
    const post = (recipeId: string, eventType: 'info' | 'comment' | 'system', timestamp: string) =>
      api.ok(createTimelineEvent, { as: owner, body: { recipeId, subject: eventType, eventType, timestamp } })
    const old = await post(soup.id, 'info', '2024-01-01T00:00:00Z')
    const recent = await post(soup.id, 'comment', '2024-03-01T00:00:00Z')
    await post(soup.id, 'system', '2024-02-01T00:00:00Z')
    const other = await post(stew.id, 'info', '2024-02-15T00:00:00Z')

    const list = (queryFilter: string) =>
      api.ok(listTimelineEvents, { as: mate, query: { queryFilter, orderBy: 'timestamp', orderDirection: 'desc' } })
    const ofSoup = await list('(recipe.slug="leek-soup") AND eventType IN ["info", "comment"]')
    expect(ofSoup.items.map((event) => event.id)).toEqual([recent.id, old.id])
    const ofMate = await list(`recipe.user.id = "${mate.id}"`)
    expect(ofMate.items.map((event) => event.id)).toEqual([other.id])
    const ofGroup = await list(`recipe.group_id = "${owner.groupId}"`)
    expect(ofGroup.total).toBe(4)
    expect((await list(`group_id = "${owner.groupId}" AND household_id = "${owner.householdId}"`)).total).toBe(4)

    const stranger = await make.user()
    const foreign = await api.ok(listTimelineEvents, { as: stranger, query: { perPage: -1 } })
    expect(foreign.items.map((event) => event.recipeId)).not.toContain(soup.id)
    const refused = await api.call(listTimelineEvents, { as: mate, query: { queryFilter: 'recipe.password_hash = x' } })
    expect(refused.status).toBe(400)
  })

  it('changes and deletes events of the group only; another group gets 404 and changes nothing', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const mate = await make.user({ householdId: owner.householdId })
    const stranger = await make.user()
    const recipe = await make.recipe({ owner })
    const event = await api.ok(createTimelineEvent, {
      as: owner,
      body: { recipeId: recipe.id, subject: 'Made it', eventType: 'info', eventMessage: 'Good' },
    })

    const foreignEvent = await api.call(createTimelineEvent, {
      as: stranger,
      body: { recipeId: recipe.id, subject: 'x', eventType: 'info' },
    })
    expect(foreignEvent.status).toBe(404)
    for (const answer of [
      await api.call(getTimelineEvent, { as: stranger, params: { id: event.id } }),
      await api.call(updateTimelineEvent, { as: stranger, params: { id: event.id }, body: { subject: 'x' } }),
      await api.call(deleteTimelineEvent, { as: stranger, params: { id: event.id } }),
    ]) {
      expect(answer.status).toBe(404)
    }

    // No owner check (docs/security.md "Recipe edit and delete rules"): a household mate may change it; only the fields given change.
    const changed = await api.ok(updateTimelineEvent, {
      as: mate,
      params: { id: event.id },
      body: { subject: 'Made it twice' },
    })
    expect(changed).toMatchObject({ subject: 'Made it twice', eventMessage: 'Good', userId: owner.id })
    const deleted = await api.ok(deleteTimelineEvent, { as: mate, params: { id: event.id } })
    expect(deleted.id).toBe(event.id)
    expect((await api.call(getTimelineEvent, { as: owner, params: { id: event.id } })).status).toBe(404)
  })

  it('posts as another member only for an administrator, and refuses bad input with 422 writing nothing', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const mate = await make.user({ householdId: owner.householdId })
    const admin = await make.user({ householdId: owner.householdId, admin: true })
    const stranger = await make.user()
    const recipe = await make.recipe({ owner })
    const body = { recipeId: recipe.id, subject: 'Made it', eventType: 'info' as const }

    expect((await api.call(createTimelineEvent, { as: mate, body: { ...body, userId: owner.id } })).status).toBe(403)
    const forOwner = await api.ok(createTimelineEvent, { as: admin, body: { ...body, userId: owner.id } })
    expect(forOwner.userId).toBe(owner.id)
    expect((await api.call(createTimelineEvent, { as: admin, body: { ...body, userId: stranger.id } })).status).toBe(
      404,
    )

    for (const bad of [
      { ...body, eventType: 'party' },
      { ...body, subject: '' },
      { ...body, recipeId: 'not-an-id' },
      { ...body, timestamp: 'yesterday' },
      { recipeId: recipe.id, eventType: 'info' },
    ]) {
      expect((await api.call(createTimelineEvent, { as: owner, body: bad as never })).status, JSON.stringify(bad)).toBe(
        422,
      )
    }
    expect(await eventCount(recipe.id)).toBe(1)
  })

  it('stores a picture for an event as WebP under the recipe’s media and flags the event', async () => {
    const { api, make, app } = testApp
    const owner = await make.user()
    const stranger = await make.user()
    const recipe = await make.recipe({ owner })
    const event = await api.ok(createTimelineEvent, {
      as: owner,
      body: { recipeId: recipe.id, subject: 'Made it', eventType: 'info' },
    })
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3300' } })
      .jpeg()
      .toBuffer()
    const upload = (id: string, as: { id: string }, content: Buffer, field?: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/recipes/timeline/events/${id}/image`,
        ...multipartImage(content, field),
        headers: { ...multipartImage(content, field).headers, authorization: api.authorization(as) },
      })

    expect((await upload(event.id, stranger, jpeg)).statusCode).toBe(404)
    expect((await upload(event.id, owner, Buffer.from('not a picture'))).statusCode).toBe(415)
    expect((await upload(event.id, owner, jpeg, 'photo')).statusCode).toBe(422)
    expect((await api.ok(getTimelineEvent, { as: owner, params: { id: event.id } })).image).toBe('does not have image')

    const answer = await upload(event.id, owner, jpeg)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ image: 'has image' })
    const folder = path.join(dataDirectory, 'media', 'recipes', recipe.id, 'images', 'timeline', event.id)
    const widths: Record<string, number | undefined> = {}
    for (const fileName of ['original.webp', 'min-original.webp', 'tiny-original.webp']) {
      const metadata = await sharp(await fs.readFile(path.join(folder, fileName))).metadata()
      expect(metadata.format).toBe('webp')
      widths[fileName] = metadata.width
    }
    expect(widths).toEqual({ 'original.webp': 64, 'min-original.webp': 64, 'tiny-original.webp': 300 })
    expect((await api.ok(getTimelineEvent, { as: owner, params: { id: event.id } })).image).toBe('has image')

    const typed = await api.call(uploadTimelineEventImage, { as: owner, params: { id: event.id } })
    expect(typed.status).toBe(415)

    await api.ok(deleteTimelineEvent, { as: owner, params: { id: event.id } })
    await expect(fs.stat(folder)).rejects.toThrow()
  })
})
