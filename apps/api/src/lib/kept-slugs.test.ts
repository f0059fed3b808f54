import { createCookbook, getRecipe, tagEndpoints, updateCookbook, updateRecipe } from '@larder/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.js'
import { cookbooks, tags } from '../db/schema/index.js'

/*
 * Slugs made before Larder slugified as Mealie does (`skillet-shepherds-pie` where Mealie makes
 * `skillet-shepherd-s-pie`) are not rewritten: a save that keeps the name keeps the slug, so links keep working.
 */
describe('slugs stored by an older slug function', () => {
  it('stay on a recipe saved under the same name, and change with a new name', async () => {
    const { api, make } = await createTestApp()
    const cook = await make.user()
    const recipe = await make.recipe({ owner: cook, name: "Skillet Shepherd's Pie", slug: 'skillet-shepherds-pie' })
    const stored = await api.ok(getRecipe, { as: cook, params: { slug: 'skillet-shepherds-pie' } })
    const saved = await api.ok(updateRecipe, {
      as: cook,
      params: { slug: recipe.slug },
      body: { ...stored, description: 'Saved again' },
    })
    expect(saved.slug).toBe('skillet-shepherds-pie')
    const renamed = await api.ok(updateRecipe, {
      as: cook,
      params: { slug: recipe.slug },
      body: { ...stored, name: "Cottage Shepherd's Pie" },
    })
    expect(renamed.slug).toBe('cottage-shepherd-s-pie')
  })

  it('stay on a tag and a cookbook saved under the same name', async () => {
    const { api, make, db } = await createTestApp()
    const household = await make.household()
    const organizer = await make.user({ householdId: household.id, canOrganize: true })
    const tag = await api.ok(tagEndpoints.create, { as: organizer, body: { name: "Grandma's" } })
    await db.update(tags).set({ slug: 'grandmas' }).where(eq(tags.id, tag.id))
    const kept = await api.ok(tagEndpoints.update, {
      as: organizer,
      params: { id: tag.id },
      body: { name: "Grandma's" },
    })
    expect(kept.slug).toBe('grandmas')

    const book = await api.ok(createCookbook, { as: organizer, body: { name: "Chef's Picks" } })
    expect(book.slug).toBe('chef-s-picks')
    await db.update(cookbooks).set({ slug: 'chefs-picks' }).where(eq(cookbooks.id, book.id))
    const replaced = await api.ok(updateCookbook, {
      as: organizer,
      params: { id: book.id },
      body: { name: "Chef's Picks", public: true, position: 1 },
    })
    expect(replaced.slug).toBe('chefs-picks')
    const renamed = await api.ok(updateCookbook, {
      as: organizer,
      params: { id: book.id },
      body: { name: "Chef's Choice", public: true, position: 1 },
    })
    expect(renamed.slug).toBe('chef-s-choice')
  })
})
