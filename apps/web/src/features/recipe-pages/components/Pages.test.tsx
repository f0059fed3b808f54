import {
  deleteTimelineEvent,
  getSharedRecipe,
  listGroupMembers,
  listRecipes,
  listTimelineEvents,
  removeUserFavorite,
  type Recipe,
  type RecipeSummary,
  type RecipeTimelineEvent,
} from '@larder/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer } from '@/test/fake-server'
import { makeSummary } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { Favorites } from '@/features/recipe-pages/components/Favorites'
import { SharedRecipe } from '@/features/recipe-pages/components/SharedRecipe'
import { Timeline } from '@/features/recipe-pages/components/Timeline'

const id = (n: number) => `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`
const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'
const me = id(900)
const mate = id(901)

function page<Item>(items: Item[], at = 1, pages = 1) {
  return {
    body: { page: at, per_page: 24, total: items.length, total_pages: pages, items, next: null, previous: null },
  }
}

function summary(n: number, name: string): RecipeSummary {
  return makeSummary({
    id: id(n),
    userId: me,
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    recipeServings: 2,
    description: `About ${name}`,
    dateAdded: null,
    createdAt: null,
    updatedAt: null,
  })
}

function event(n: number, type: RecipeTimelineEvent['eventType'], userId: string, extra = {}): RecipeTimelineEvent {
  const recipe = summary(1, 'Pumpkin soup')
  return {
    id: id(100 + n),
    recipeId: recipe.id,
    userId,
    groupId,
    householdId,
    subject: `Event ${n}`,
    eventType: type,
    eventMessage: `Message ${n}`,
    image: 'does not have image',
    timestamp: `2026-11-0${n}T18:00:00Z`,
    createdAt: `2026-11-0${n}T18:00:00Z`,
    updatedAt: `2026-11-0${n}T18:00:00Z`,
    recipe: { id: recipe.id, name: recipe.name, slug: recipe.slug, groupId, householdId, userId: me },
    ...extra,
  }
}

describe('the timeline', { timeout: 20_000 }, () => {
  it("asks for the group's events newest first, filters by type, and deletes one's own", async () => {
    const events = [event(3, 'info', me, { image: 'has image' }), event(2, 'comment', mate), event(1, 'system', me)]
    const server = fakeServer()
      .answer(listTimelineEvents, ({ search }) => {
        const filter = search.get('queryFilter') ?? ''
        const types = /event_type IN \[(.*)\]/.exec(filter)?.[1]
        return page(types ? events.filter((item) => types.includes(`"${item.eventType}"`)) : events)
      })
      .answer(listGroupMembers, page([{ id: mate, username: 'sam', fullName: 'Sam Cook' }]) as never)
      .answer(deleteTimelineEvent, { body: events[0]! })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<Timeline groupSlug="home" groupId={groupId} userId={me} />)

    const list = await screen.findByRole('list', { name: 'Timeline events' })
    expect(
      within(list)
        .getAllByTestId('timeline-event')
        .map((item) => within(item).getByText(/^Event/).textContent),
    ).toEqual(['Event 3', 'Event 2', 'Event 1'])
    const first = Object.fromEntries(server.calls(listTimelineEvents)[0]!.search)
    expect(first).toMatchObject({
      queryFilter: `recipe.group_id = "${groupId}"`,
      orderBy: 'timestamp',
      orderDirection: 'desc',
      page: '1',
    })
    expect(within(list).getAllByRole('link', { name: 'Pumpkin soup' })[0]).toHaveAttribute(
      'href',
      '/g/home/r/pumpkin-soup',
    )
    expect(within(list).getByRole('img', { name: 'Photo of Pumpkin soup' })).toHaveAttribute(
      'src',
      `/api/media/recipes/${id(1)}/images/timeline/${id(103)}/min-original.webp`,
    )
    expect(within(list).getByText(/Sam Cook/)).toBeInTheDocument()
    // Only one's own events have a delete button.
    expect(within(list).getAllByRole('button', { name: 'Delete this event' })).toHaveLength(2)

    await user.click(screen.getByRole('checkbox', { name: 'Comments' }))
    await waitFor(() =>
      expect(Object.fromEntries(server.calls(listTimelineEvents).at(-1)!.search).queryFilter).toBe(
        `recipe.group_id = "${groupId}" AND event_type IN ["comment"]`,
      ),
    )
    await waitFor(() => expect(screen.getAllByTestId('timeline-event')).toHaveLength(1))
    expect(screen.getByTestId('timeline-event')).toHaveTextContent('Event 2')
    expect(screen.queryByRole('button', { name: 'Delete this event' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Comments' }))
    await waitFor(() => expect(screen.getAllByTestId('timeline-event')).toHaveLength(3))
    await user.click(screen.getAllByRole('button', { name: 'Delete this event' })[0]!)
    await user.click(await screen.findByTestId('confirm-delete'))
    await waitFor(() => expect(server.calls(deleteTimelineEvent)).toHaveLength(1))
    expect(server.calls(deleteTimelineEvent)[0]!.params).toEqual({ id: id(103) })
  })

  it('says so when the group has no events', async () => {
    fakeServer().answer(listTimelineEvents, page([])).answer(listGroupMembers, page([]))
    await renderWithApp(<Timeline groupSlug="home" groupId={groupId} userId={me} />)
    expect(await screen.findByTestId('timeline-empty')).toHaveTextContent('Nothing on the timeline yet')
  })
})

describe('the favorites page', { timeout: 20_000 }, () => {
  it("lists the user's favorites through the recipe list and un-favorites one", async () => {
    const server = fakeServer()
      .answer(listRecipes, page([summary(1, 'Pumpkin soup'), summary(2, 'Apple cake')]))
      .answer(removeUserFavorite, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(<Favorites userId={me} groupSlug="home" canEdit />)

    expect(await screen.findByRole('link', { name: 'Apple cake' })).toHaveAttribute('href', '/g/home/r/apple-cake')
    expect(Object.fromEntries(server.calls(listRecipes)[0]!.search)).toMatchObject({
      queryFilter: `favorited_by.id = "${me}"`,
      perPage: '-1',
    })
    await user.click(screen.getByRole('button', { name: 'Remove Pumpkin soup from favorites' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pumpkin soup' })).not.toBeInTheDocument())
    expect(server.calls(removeUserFavorite)[0]!.params).toEqual({ id: me, slug: 'pumpkin-soup' })
    expect(screen.getByRole('link', { name: 'Apple cake' })).toBeInTheDocument()
  })

  it("shows another person's favorites without un-favorite buttons, and an empty state", async () => {
    fakeServer().answer(listRecipes, page([summary(2, 'Apple cake')]))
    const { unmount } = await renderWithApp(<Favorites userId={mate} groupSlug="home" canEdit={false} />)
    expect(await screen.findByRole('link', { name: 'Apple cake' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /from favorites/ })).not.toBeInTheDocument()
    unmount()
    fakeServer().answer(listRecipes, page([]))
    await renderWithApp(<Favorites userId={mate} groupSlug="home" canEdit={false} />)
    expect(await screen.findByTestId('favorites-empty')).toHaveTextContent('No favorites yet')
  })
})

/** A public recipe's settings that show its nutrition. */
const sharedSettings: Recipe['settings'] = {
  public: true,
  showNutrition: true,
  showAssets: false,
  landscapeView: false,
  disableComments: false,
  disableAmount: false,
  locked: false,
}

describe('the shared recipe page', { timeout: 20_000 }, () => {
  const token = id(700)

  it('says the link has expired when the server answers 404', async () => {
    fakeServer().answer(getSharedRecipe, { status: 404, body: { detail: { message: 'Not found' } } } as never)
    await renderWithApp(<SharedRecipe token={token} />)
    expect(await screen.findByRole('heading', { name: 'This link has expired or was revoked' })).toBeInTheDocument()
  })

  it('shows the recipe read-only: sections, steps as Markdown without raw HTML, nutrition', async () => {
    const recipe: Recipe = {
      ...summary(1, 'Pumpkin soup'),
      image: 'k3y',
      totalTime: '45 minutes',
      recipeIngredient: [
        ingredient(1, '1 pumpkin', 'Soup'),
        ingredient(2, '1 l stock', null),
        ingredient(3, 'cream', 'To serve'),
      ],
      recipeInstructions: [
        {
          id: id(21),
          title: null,
          summary: null,
          text: 'Roast the **pumpkin**. <img src=x onerror="alert(1)"><script>alert(2)</script>',
          ingredientReferences: [],
        },
      ],
      nutrition: {
        calories: '320',
        carbohydrateContent: null,
        cholesterolContent: null,
        fatContent: '12 g',
        fiberContent: null,
        proteinContent: null,
        saturatedFatContent: null,
        sodiumContent: null,
        sugarContent: null,
        transFatContent: null,
        unsaturatedFatContent: null,
      },
      settings: sharedSettings,
      assets: [],
      notes: [],
      extras: {},
      comments: [],
    }
    fakeServer().answer(getSharedRecipe, { body: recipe })
    const { container } = await renderWithApp(<SharedRecipe token={token} />)

    expect(await screen.findByRole('heading', { level: 1, name: 'Pumpkin soup' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Soup' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'To serve' })).toBeInTheDocument()
    expect(screen.getByText('1 l stock')).toBeInTheDocument()
    // The Markdown parser is loaded for the first text that needs it.
    expect(await screen.findByText('pumpkin', { selector: 'strong' })).toBeInTheDocument()
    expect(container.querySelector('img[onerror], script')).toBeNull()
    expect(screen.getByRole('rowheader', { name: 'Calories' }).nextSibling).toHaveTextContent('320')
    expect(screen.getByText(/Total: 45 min/)).toBeInTheDocument()
    // The picture of a private recipe is served only with the share token, so the page passes it on.
    expect(container.querySelector('article img')).toHaveAttribute(
      'src',
      `/api/media/recipes/${id(1)}/images/original.webp?version=k3y&token=${token}`,
    )
  })

  it('shows the description as Markdown, a line that is only a sub-recipe by its name, and the notes', async () => {
    const subRecipeOnly = {
      ...ingredient(4, '', null),
      note: null,
      referencedRecipe: { id: id(90), name: 'Pie crust', slug: 'pie-crust', recipeServings: 1, recipeYieldQuantity: 0 },
    }
    const recipe: Recipe = {
      ...summary(1, 'Pumpkin pie'),
      description: 'A **sweet** pie.',
      recipeIngredient: [ingredient(1, '1 pumpkin', null), subRecipeOnly],
      recipeInstructions: [],
      nutrition: null,
      settings: { ...sharedSettings, showNutrition: false },
      assets: [],
      notes: [{ title: 'Ahead', text: 'Bake the crust a day **before**.' }],
      extras: {},
      comments: [],
    }
    fakeServer().answer(getSharedRecipe, { body: recipe })
    await renderWithApp(<SharedRecipe token={token} />)

    expect(await screen.findByRole('heading', { level: 1, name: 'Pumpkin pie' })).toBeInTheDocument()
    expect(await screen.findByText('sweet', { selector: 'strong' })).toBeInTheDocument()
    const ingredients = within(screen.getByRole('region', { name: 'Ingredients' }))
    expect(ingredients.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 pumpkin', 'Pie crust'])
    const notes = within(screen.getByRole('region', { name: 'Notes' }))
    expect(notes.getByRole('heading', { name: 'Ahead' })).toBeInTheDocument()
    expect(notes.getByText('before', { selector: 'strong' })).toBeInTheDocument()
  })
})

function ingredient(n: number, display: string, title: string | null): Recipe['recipeIngredient'][number] {
  return {
    quantity: null,
    unit: null,
    food: null,
    note: display,
    isFood: false,
    disableAmount: true,
    display,
    title,
    originalText: null,
    referenceId: id(40 + n),
    referencedRecipe: null,
  }
}
