import {
  createComment,
  deleteComment,
  getComment,
  listComments,
  listRecipeComments,
  updateComment,
} from '@larder/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/test-app.js'

describe('comments', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp()
  })

  const commentCount = async (recipeId: string) => {
    const [row] = await testApp.sql<{ count: number }[]>`
      select count(*)::int as count from recipe_comments where recipe_id = ${recipeId}`
    return row!.count
  }

  it('lets any member of the group comment on any recipe of the group, and lists them oldest first', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const otherHousehold = await make.household({ groupId: owner.groupId })
    const neighbour = await make.user({ householdId: otherHousehold.id, fullName: 'Nell' })
    const recipe = await make.recipe({ owner, name: 'Pea Soup' })

    const first = await api.ok(createComment, { as: owner, body: { recipeId: recipe.id, text: 'Lovely' } })
    expect(first).toMatchObject({ recipeId: recipe.id, text: 'Lovely', userId: owner.id })
    expect(first.user).toEqual({ id: owner.id, username: owner.username, admin: false, fullName: owner.fullName })
    const second = await api.ok(createComment, {
      as: neighbour,
      body: { recipe_id: recipe.id, text: ' Salty ' } as never,
    })
    expect(second.text).toBe('Salty')
    expect(second.user.fullName).toBe('Nell')

    const bySlug = await api.ok(listRecipeComments, { as: neighbour, params: { slug: 'pea-soup' } })
    expect(bySlug.map((comment) => comment.id)).toEqual([first.id, second.id])
    expect(await api.ok(listRecipeComments, { as: owner, params: { slug: recipe.id } })).toHaveLength(2)
    expect(await api.ok(getComment, { as: neighbour, params: { id: first.id } })).toEqual(first)

    const page = await api.ok(listComments, {
      as: owner,
      query: { queryFilter: `recipe_id = "${recipe.id}" AND user.full_name = "Nell"` },
    })
    expect(page.items.map((comment) => comment.id)).toEqual([second.id])
    expect(page).toMatchObject({ total: 1, page: 1 })
  })

  it('hides the comments of another group: 404 on reads, writes and lists, nothing in the paged list', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const stranger = await make.user()
    const recipe = await make.recipe({ owner })
    const comment = await api.ok(createComment, { as: owner, body: { recipeId: recipe.id, text: 'Mine' } })

    expect((await api.call(createComment, { as: stranger, body: { recipeId: recipe.id, text: 'x' } })).status).toBe(404)
    expect((await api.call(getComment, { as: stranger, params: { id: comment.id } })).status).toBe(404)
    expect(
      (await api.call(updateComment, { as: stranger, params: { id: comment.id }, body: { text: 'x' } })).status,
    ).toBe(404)
    expect((await api.call(deleteComment, { as: stranger, params: { id: comment.id } })).status).toBe(404)
    expect((await api.call(listRecipeComments, { as: stranger, params: { slug: recipe.slug } })).status).toBe(404)
    const page = await api.ok(listComments, { as: stranger, query: { perPage: -1 } })
    expect(page.items.map((item) => item.id)).not.toContain(comment.id)
    expect(await commentCount(recipe.id)).toBe(1)
  })

  it('lets only the author or an administrator of the group change or delete a comment', async () => {
    const { api, make } = testApp
    const author = await make.user()
    const mate = await make.user({ householdId: author.householdId })
    const admin = await make.user({ householdId: author.householdId, admin: true })
    const recipe = await make.recipe({ owner: mate })
    const comment = await api.ok(createComment, { as: author, body: { recipeId: recipe.id, text: 'First' } })

    const refused = await api.call(updateComment, { as: mate, params: { id: comment.id }, body: { text: 'Hijacked' } })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ detail: { message: 'Comment does not belong to user' } })
    expect((await api.call(deleteComment, { as: mate, params: { id: comment.id } })).status).toBe(403)

    const edited = await api.ok(updateComment, {
      as: author,
      params: { id: comment.id },
      body: { id: comment.id, text: 'Edited' },
    })
    expect(edited.text).toBe('Edited')
    expect(
      (await api.ok(updateComment, { as: admin, params: { id: comment.id }, body: { text: 'Moderated' } })).text,
    ).toBe('Moderated')
    expect(await api.ok(deleteComment, { as: admin, params: { id: comment.id } })).toMatchObject({
      message: 'Comment deleted',
    })
    expect((await api.call(getComment, { as: author, params: { id: comment.id } })).status).toBe(404)
  })

  it('refuses comments on a recipe that turns them off (403), and bad input (422), writing nothing', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const quiet = await make.recipe({ owner, settingsDisableComments: true })
    const open = await make.recipe({ owner })

    const refused = await api.call(createComment, { as: owner, body: { recipeId: quiet.id, text: 'Hello' } })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ detail: { message: 'Comments are turned off for this recipe' } })
    for (const body of [{ recipeId: open.id, text: '   ' }, { recipeId: 'nope', text: 'x' }, { text: 'x' }]) {
      expect((await api.call(createComment, { as: owner, body: body as never })).status).toBe(422)
    }
    const unknown = await api.call(createComment, {
      as: owner,
      body: { recipeId: '00000000-0000-4000-8000-000000000000', text: 'x' },
    })
    expect(unknown.status).toBe(404)
    expect(await commentCount(quiet.id)).toBe(0)
    expect(await commentCount(open.id)).toBe(0)
    expect((await api.call(listComments, { as: owner, query: { queryFilter: 'email = "x"' } })).status).toBe(400)
  })

  it('keeps every comment of parallel posts', async () => {
    const { api, make } = testApp
    const owner = await make.user()
    const recipe = await make.recipe({ owner })
    const posted = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api.ok(createComment, { as: owner, body: { recipeId: recipe.id, text: `Note ${index}` } }),
      ),
    )
    expect(new Set(posted.map((comment) => comment.id)).size).toBe(12)
    expect(await commentCount(recipe.id)).toBe(12)
  })
})
