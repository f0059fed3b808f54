import {
  createRecipeAction,
  deleteRecipeAction,
  getRecipeAction,
  listRecipeActions,
  triggerRecipeAction,
  updateRecipeAction,
  type GroupRecipeActionOut,
} from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { startWebhookReceiver, waitFor } from '../../../test/webhook-receiver.js'

async function household() {
  const testApp = await createTestApp({ HTTP_ALLOW_LIST: '127.0.0.1' })
  const home = await testApp.make.household()
  const cook = await testApp.make.user({ householdId: home.id })
  const housemate = await testApp.make.user({ householdId: home.id })
  const neighbourHome = await testApp.make.household({ groupId: home.groupId })
  const neighbour = await testApp.make.user({ householdId: neighbourHome.id })
  return { ...testApp, home, cook, housemate, neighbour }
}

type Household = Awaited<ReturnType<typeof household>>

async function made(testApp: Household, body: { actionType: 'link' | 'post'; title: string; url: string }) {
  const answer = await testApp.api.call(createRecipeAction, { as: testApp.cook, body })
  expect(answer.status).toBe(201)
  return answer.body as GroupRecipeActionOut
}

describe('recipe actions: the API', () => {
  it("creates, reads, lists, replaces and deletes actions in Mealie's shapes, for any member of the household", async () => {
    const testApp = await household()
    const { api, cook, housemate } = testApp
    const action = await made(testApp, {
      actionType: 'link',
      title: 'Print card',
      url: 'https://print.example.org/?recipe=${slug}&from=${url}',
    })
    expect(action).toEqual({
      id: expect.any(String),
      actionType: 'link',
      title: 'Print card',
      url: 'https://print.example.org/?recipe=${slug}&from=${url}',
      groupId: cook.groupId,
      householdId: cook.householdId,
    })
    expect((await api.call(getRecipeAction, { as: housemate, params: { id: action.id } })).body).toEqual(action)

    // Mealie's PUT carries groupId and householdId; they are accepted and change nothing.
    const replaced = await api.call(updateRecipeAction, {
      as: housemate,
      params: { id: action.id },
      body: {
        actionType: 'post',
        title: 'Send to printer',
        url: 'https://print.example.org/in',
        groupId: '00000000-0000-4000-8000-000000000000',
        householdId: '00000000-0000-4000-8000-000000000000',
      },
    })
    expect(replaced.body).toEqual({
      ...action,
      actionType: 'post',
      title: 'Send to printer',
      url: 'https://print.example.org/in',
    })

    await made(testApp, { actionType: 'link', title: 'Archive', url: 'https://archive.example.org/${id}' })
    const list = await api.call(listRecipeActions, {
      as: cook,
      query: { perPage: -1, orderBy: 'title', orderDirection: 'asc' },
    })
    expect(list.body).toMatchObject({ page: 1, total: 2, items: [{ title: 'Archive' }, { title: 'Send to printer' }] })
    const filtered = await api.call(listRecipeActions, {
      as: cook,
      query: { queryFilter: 'actionType = "post"' },
    })
    expect((filtered.body as { items: GroupRecipeActionOut[] }).items.map((item) => item.title)).toEqual([
      'Send to printer',
    ])

    const deleted = await api.call(deleteRecipeAction, { as: cook, params: { id: action.id } })
    expect(deleted.body).toEqual(replaced.body)
    expect((await api.call(getRecipeAction, { as: cook, params: { id: action.id } })).status).toBe(404)
  })

  it('keeps each household to its own actions', async () => {
    const testApp = await household()
    const { api, neighbour } = testApp
    const action = await made(testApp, { actionType: 'link', title: 'Ours', url: 'https://example.org/${slug}' })
    const list = await api.call(listRecipeActions, { as: neighbour, query: { perPage: -1 } })
    expect(list.body).toMatchObject({ total: 0, items: [] })
    for (const answer of [
      await api.call(getRecipeAction, { as: neighbour, params: { id: action.id } }),
      await api.call(updateRecipeAction, {
        as: neighbour,
        params: { id: action.id },
        body: { actionType: 'link', title: 'Theirs', url: 'https://example.org/' },
      }),
      await api.call(deleteRecipeAction, { as: neighbour, params: { id: action.id } }),
    ]) {
      expect(answer.status).toBe(404)
    }
    expect((await api.call(getRecipeAction, { as: testApp.cook, params: { id: action.id } })).body).toEqual(action)
  })

  it('refuses an action without a title, of an unknown type, or with an address that is not http(s)', async () => {
    const testApp = await household()
    const { api, cook } = testApp
    for (const body of [
      { actionType: 'link', title: '', url: 'https://example.org/' },
      { actionType: 'email', title: 'Mail', url: 'https://example.org/' },
      { actionType: 'post', title: 'Local file', url: 'file:///etc/passwd' },
      { actionType: 'post', title: 'No address', url: '' },
    ]) {
      const answer = await api.call(createRecipeAction, { as: cook, body: body as never })
      expect(answer.status, JSON.stringify(body)).toBe(422)
    }
    const list = await api.call(listRecipeActions, { as: cook })
    expect(list.body).toMatchObject({ total: 0 })
  })
})

describe('recipe actions: trigger', () => {
  it('posts the action and the whole recipe in snake_case to the address, as Mealie does, after answering 202', async () => {
    const testApp = await household()
    const receiver = await startWebhookReceiver()
    const recipe = await testApp.make.recipe({
      owner: testApp.cook,
      name: 'Lemon tart',
      recipeServings: 8,
      extras: { myKey: 'kept' },
    })
    const action = await made(testApp, { actionType: 'post', title: 'To the printer', url: receiver.url })

    const answer = await testApp.api.call(triggerRecipeAction, {
      as: testApp.housemate,
      params: { id: action.id, recipeSlug: recipe.slug },
      // Mealie's web client sends an empty object; the trigger takes no body.
      body: {} as never,
    })
    expect(answer.status).toBe(202)
    expect(answer.body).toBeNull()

    await waitFor(() => receiver.received.length === 1, 'the action post')
    const post = receiver.received[0]!
    expect(post.headers['content-type']).toBe('application/json')
    const body = JSON.parse(post.body) as { action: unknown; content: Record<string, unknown> }
    expect(body.action).toEqual({
      action_type: 'post',
      title: 'To the printer',
      url: receiver.url,
      group_id: testApp.cook.groupId,
      household_id: testApp.cook.householdId,
      id: action.id,
    })
    expect(body.content).toMatchObject({
      id: recipe.id,
      slug: 'lemon-tart',
      name: 'Lemon tart',
      recipe_servings: 8,
      group_id: testApp.cook.groupId,
      recipe_ingredient: expect.any(Array),
      extras: { myKey: 'kept' },
    })
    expect(Object.keys(body.content).some((key) => /[A-Z]/.test(key))).toBe(false)
  })

  it('finds the recipe by id too, and answers 202 though the receiver fails (the result is not awaited)', async () => {
    const testApp = await household()
    const receiver = await startWebhookReceiver()
    receiver.answerWith({ status: 500 })
    const recipe = await testApp.make.recipe({ owner: testApp.cook, name: 'Broth' })
    const action = await made(testApp, { actionType: 'post', title: 'Broken', url: receiver.url })
    const answer = await testApp.api.call(triggerRecipeAction, {
      as: testApp.cook,
      params: { id: action.id, recipeSlug: recipe.id },
    })
    expect(answer.status).toBe(202)
    await waitFor(() => receiver.received.length === 1, 'the action post')
    // No retry: Mealie sends once.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.received).toHaveLength(1)
  })

  it("refuses a link action (400), another household's action and an unknown recipe (404), sending nothing", async () => {
    const testApp = await household()
    const receiver = await startWebhookReceiver()
    const recipe = await testApp.make.recipe({ owner: testApp.cook, name: 'Scones' })
    const link = await made(testApp, { actionType: 'link', title: 'Open', url: receiver.url })
    const post = await made(testApp, { actionType: 'post', title: 'Send', url: receiver.url })
    const trigger = (as: typeof testApp.cook, id: string, recipeSlug: string) =>
      testApp.api.call(triggerRecipeAction, { as, params: { id, recipeSlug } })

    const linkAnswer = await trigger(testApp.cook, link.id, recipe.slug)
    expect(linkAnswer.status).toBe(400)
    expect(linkAnswer.body).toEqual({
      detail: { message: 'Cannot trigger action type "link".', error: true, exception: null },
    })
    const unknownRecipe = await trigger(testApp.cook, post.id, 'no-such-recipe')
    expect(unknownRecipe.status).toBe(404)
    expect(unknownRecipe.body).toMatchObject({ detail: { message: 'Not found.' } })
    expect((await trigger(testApp.neighbour, post.id, recipe.slug)).status).toBe(404)
    expect((await trigger(testApp.cook, '00000000-0000-4000-8000-000000000000', recipe.slug)).status).toBe(404)

    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.received).toHaveLength(0)
  })

  it('sends nothing to a private address the allow list does not name', async () => {
    const testApp = await createTestApp()
    const cook = await testApp.make.user()
    const receiver = await startWebhookReceiver()
    const recipe = await testApp.make.recipe({ owner: cook, name: 'Gravy' })
    const created = await testApp.api.call(createRecipeAction, {
      as: cook,
      body: { actionType: 'post', title: 'Local', url: receiver.url },
    })
    const action = created.body as GroupRecipeActionOut
    const answer = await testApp.api.call(triggerRecipeAction, {
      as: cook,
      params: { id: action.id, recipeSlug: recipe.slug },
    })
    expect(answer.status).toBe(202)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.received).toHaveLength(0)
  })
})
