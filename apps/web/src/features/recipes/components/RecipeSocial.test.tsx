import {
  addUserFavorite,
  createComment,
  createShareToken,
  createTimelineEvent,
  deleteComment,
  deleteShareToken,
  deleteTimelineEvent,
  listRecipes,
  updateComment,
  getOwnRating,
  getRecipe,
  listOwnRatings,
  listRecipeComments,
  listShareTokens,
  listTimelineEvents,
  removeUserFavorite,
  setRecipeLastMade,
  setUserRating,
  uploadTimelineEventImage,
  type Recipe,
  type RecipeComment,
  type RecipeShareTokenSummary,
  type RecipeSummary,
  type RecipeTimelineEvent,
} from '@larder/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { session } from '@/features/auth/app-session'
import GroupHomePage from '@/pages/g/[groupSlug]/index'
import RecipePage from '@/pages/g/[groupSlug]/r/[slug]/index'
import { fakeServer, type FakeAnswer } from '@/test/fake-server'
import { makeRecipe, makeSummary } from '@/test/recipe-fixtures'
import { makeUser, renderWithApp } from '@/test/render'
import { recipePageDrawn } from '@/test/recipe-page'

const groupId = '00000000-0000-4000-8000-0000000000a1'
const householdId = '00000000-0000-4000-8000-0000000000b1'
const me = makeUser({ id: '00000000-0000-4000-8000-0000000000e1', fullName: 'Ada Cook', groupId, householdId })
const other = { id: '00000000-0000-4000-8000-0000000000e2', username: 'bo', admin: false, fullName: 'Bo Baker' }
const recipe: Recipe = makeRecipe({ id: '00000000-0000-4000-8000-0000000000f1', rating: 3.5 })

function comment(overrides: Partial<RecipeComment> = {}): RecipeComment {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    recipeId: recipe.id,
    text: 'Lovely with lemon',
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    userId: me.id,
    user: { id: me.id, username: me.username, admin: false, fullName: me.fullName },
    ...overrides,
  }
}

function event(overrides: Partial<RecipeTimelineEvent> = {}): RecipeTimelineEvent {
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    recipeId: recipe.id,
    userId: me.id,
    groupId,
    householdId,
    subject: 'Made it',
    eventType: 'info',
    eventMessage: null,
    image: null,
    timestamp: '2026-11-21T12:00:00Z',
    createdAt: '2026-11-21T12:00:00Z',
    updatedAt: '2026-11-21T12:00:00Z',
    recipe: {
      id: recipe.id,
      name: recipe.name,
      slug: recipe.slug,
      groupId,
      householdId,
      userId: me.id,
    },
    ...overrides,
  }
}

const page = <T,>(items: T[], number = 1, totalPages = 1) => ({
  page: number,
  per_page: 10,
  total: items.length,
  total_pages: totalPages,
  items,
  next: null,
  previous: null,
})

/** A signed-in member's recipe page with nothing rated, favourited, commented or shared yet. */
function baseServer() {
  return fakeServer()
    .answer(getRecipe, { body: recipe })
    .answer(listOwnRatings, { body: { ratings: [] } })
    .answer(listTimelineEvents, { body: page<RecipeTimelineEvent>([]) })
    .answer(listRecipeComments, { body: [] })
    .answer(listShareTokens, { body: [] })
}

async function renderPage() {
  const result = await renderWithApp(
    <Routes>
      <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
    </Routes>,
    { path: '/g/home/r/pancakes' },
  )
  await recipePageDrawn()
  return result
}

// The dialog's code is loaded on its first open (a lazy module, transformed on first import in the tests).
const lazyDialog = { timeout: 5000 }

describe('recipe page: rating, favourite, made it, timeline, comments, sharing', { timeout: 20_000 }, () => {
  beforeEach(() => {
    act(() => session.store.set({ status: 'authenticated', user: me }))
  })
  afterEach(() => {
    act(() => session.store.set({ status: 'unauthenticated', user: null }))
  })

  it('sends the clicked stars at once and clears them', async () => {
    const server = baseServer().answer(setUserRating, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderPage()

    expect(within(screen.getByTestId('average-rating')).getByRole('img')).toHaveAccessibleName('Rated 3.5 out of 5')
    // The average is shown once on the page, and so is cook mode's button.
    expect(screen.getAllByRole('img', { name: 'Rated 3.5 out of 5' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'Cook' })).toHaveLength(1)
    // A star is its label (the picture) over a radio input, as Mantine draws it.
    await user.click((await screen.findByRole<HTMLInputElement>('radio', { name: '4 out of 5 stars' })).labels![0]!)
    // (jsdom lays nothing out: leaving the stars ends Mantine's hover preview.)
    await user.unhover(screen.getByTestId('own-rating'))
    // Optimistic: shown at once, and it stays (the answer is not read back over it).
    await waitFor(() => expect(screen.getByRole('radio', { name: '4 out of 5 stars' })).toBeChecked())
    await waitFor(() => expect(server.calls(setUserRating)).toHaveLength(1))
    expect(server.calls(setUserRating)[0]!.params).toEqual({ id: me.id, slug: 'pancakes' })
    expect(server.calls(setUserRating)[0]!.body).toEqual({ rating: 4 })

    // By keyboard: Enter on a star rates it.
    screen.getByRole('radio', { name: '2 out of 5 stars' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(server.calls(setUserRating)).toHaveLength(2))
    expect(server.calls(setUserRating)[1]!.body).toEqual({ rating: 2 })

    await user.click(screen.getByRole('button', { name: 'Clear rating' }))
    await waitFor(() => expect(server.calls(setUserRating)).toHaveLength(3))
    expect(server.calls(setUserRating)[2]!.body).toEqual({ rating: 0 })
    await waitFor(() => expect(screen.getByRole('radio', { name: '0 out of 5 stars' })).toBeChecked())
    expect(screen.queryByRole('button', { name: 'Clear rating' })).not.toBeInTheDocument()
  })

  it("reads the caller's stars and favourite from their one list of ratings, never the per-recipe read", async () => {
    const server = baseServer().answer(listOwnRatings, {
      body: { ratings: [{ recipeId: recipe.id, rating: 3, isFavorite: true }] },
    })
    await renderPage()
    await waitFor(() => expect(screen.getByRole('radio', { name: '3 out of 5 stars' })).toBeChecked())
    expect(screen.getByRole('button', { name: 'Remove Pancakes from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    // One request serves the stars and the favourite; an unrated recipe would answer the per-recipe read with a 404.
    expect(server.calls(listOwnRatings)).toHaveLength(1)
    expect(server.calls(getOwnRating)).toHaveLength(0)
  })

  it('toggles the favourite on and off, asking for the favourites once', async () => {
    const server = baseServer().answer(addUserFavorite, { body: null }).answer(removeUserFavorite, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderPage()

    const toggle = await screen.findByRole('button', { name: 'Add Pancakes to favorites' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    const pressed = await screen.findByRole('button', { name: 'Remove Pancakes from favorites' })
    expect(pressed).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(server.calls(addUserFavorite)).toHaveLength(1))
    expect(server.calls(addUserFavorite)[0]!.params).toEqual({ id: me.id, slug: 'pancakes' })

    await user.click(pressed)
    await screen.findByRole('button', { name: 'Add Pancakes to favorites' })
    await waitFor(() => expect(server.calls(removeUserFavorite)).toHaveLength(1))
    expect(server.calls(listOwnRatings)).toHaveLength(1)
  })

  it('puts the favourite back when the server refuses', async () => {
    baseServer().answer(addUserFavorite, {
      status: 404,
      body: { detail: { message: 'Recipe not found', error: true, exception: null } },
    })
    const user = userEvent.setup({ delay: null })
    await renderPage()
    await user.click(await screen.findByRole('button', { name: 'Add Pancakes to favorites' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Pancakes to favorites' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    )
  })

  it('"I made it" records the day, a timeline event with the note, and its photo', async () => {
    const created = event({ id: '00000000-0000-4000-8000-00000000e009', eventMessage: 'Doubled the batch' })
    let events: RecipeTimelineEvent[] = []
    const server = baseServer()
      .answer(setRecipeLastMade, { body: { ...recipe, lastMade: '2026-11-22T12:00:00Z' } })
      .answer(createTimelineEvent, () => {
        events = [{ ...created, image: 'has image' }]
        return { body: created }
      })
      .answer(uploadTimelineEventImage, { body: { image: 'has image' } })
      .answer(listTimelineEvents, () => ({ body: page(events) }))
    const user = userEvent.setup({ delay: null })
    await renderPage()
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'I made it' }))
    const dialog = await screen.findByRole('dialog', { name: 'I made it' }, lazyDialog)
    const day = within(dialog).getByLabelText(/^Day/)
    await user.clear(day)
    await user.type(day, '2026-11-22')
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Doubled the batch')
    const photo = new File(['jpeg'], 'pancakes.JPG', { type: 'image/jpeg' })
    await user.upload(dialog.querySelector('input[type="file"]')!, photo)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(server.calls(uploadTimelineEventImage)).toHaveLength(1))
    const sent = server.calls(createTimelineEvent)[0]!.body
    expect(sent).toMatchObject({
      recipeId: recipe.id,
      subject: 'Made it',
      eventType: 'info',
      eventMessage: 'Doubled the batch',
    })
    expect(new Date(sent.timestamp!).getDate()).toBe(22)
    expect(server.calls(setRecipeLastMade)[0]!.body.timestamp).toBe(sent.timestamp)
    const upload = server.calls(uploadTimelineEventImage)[0]!
    expect(upload.params.id).toBe(created.id)
    expect(upload.body).toMatchObject({ extension: 'jpg' })

    // The timeline reads the recipe's events again, newest first, and shows the new one with its photo.
    const timeline = await screen.findByTestId('recipe-timeline')
    expect(within(timeline).getByText('Doubled the batch')).toBeInTheDocument()
    expect(within(timeline).getByRole('img', { name: 'Photo of Pancakes from the timeline' })).toBeInTheDocument()
    const query = server.calls(listTimelineEvents).at(-1)!.search
    expect(query.get('queryFilter')).toBe(`recipe_id = "${recipe.id}"`)
    expect(query.get('orderBy')).toBe('timestamp')
    expect(query.get('orderDirection')).toBe('desc')
  })

  it('adds a comment, deletes own comments, and shows the server’s refusal', async () => {
    let comments = [
      comment({ id: '00000000-0000-4000-8000-00000000c002', userId: other.id, user: other, text: 'Too sweet' }),
    ]
    const server = baseServer()
      .answer(listRecipeComments, () => ({ body: comments }))
      .answer(createComment, (request) => {
        const added = comment({ text: request.body.text })
        comments = [...comments, added]
        return { body: added }
      })
      .answer(deleteComment, (request) => {
        comments = comments.filter((entry) => entry.id !== request.params.id)
        return { body: { message: 'Deleted' } }
      })
    const user = userEvent.setup({ delay: null })
    await renderPage()

    expect(await screen.findByText('Too sweet')).toBeInTheDocument()
    // Someone else's comment: no edit or delete for a member.
    expect(screen.queryByRole('button', { name: 'Delete comment by Bo Baker' })).not.toBeInTheDocument()

    await user.type(screen.getByLabelText('Add a comment'), '  Lovely with lemon  ')
    await user.click(screen.getByRole('button', { name: 'Post comment' }))
    expect(await screen.findByText('Lovely with lemon')).toBeInTheDocument()
    expect(server.calls(createComment)[0]!.body).toEqual({ recipeId: recipe.id, text: 'Lovely with lemon' })
    expect(screen.getByLabelText('Add a comment')).toHaveValue('')

    await user.click(screen.getByRole('button', { name: 'Delete comment by Ada Cook' }))
    expect(await screen.findByRole('dialog', { name: 'Delete this comment?' }, lazyDialog)).toBeInTheDocument()
    expect(server.calls(deleteComment)).toHaveLength(0)
    await user.click(screen.getByTestId('confirm-delete'))
    await waitFor(() => expect(screen.queryByText('Lovely with lemon')).not.toBeInTheDocument())
    expect(server.calls(deleteComment)[0]!.params.id).toBe(comment().id)

    server.answer(createComment, {
      status: 403,
      body: { detail: { message: 'Comments are disabled for this recipe', error: true, exception: null } },
    })
    await user.type(screen.getByLabelText('Add a comment'), 'Again')
    await user.click(screen.getByRole('button', { name: 'Post comment' }))
    expect(await screen.findByTestId('comment-error')).toHaveTextContent('Comments are disabled for this recipe')
  })

  it('hides comments with a note when the recipe disables them', async () => {
    const server = baseServer().answer(getRecipe, {
      body: { ...recipe, settings: { ...recipe.settings, disableComments: true } },
    })
    await renderPage()
    expect(await screen.findByTestId('comments-disabled')).toHaveTextContent('Comments are turned off')
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument()
    expect(server.calls(listRecipeComments)).toHaveLength(0)
  })

  it('creates, copies and revokes a share link', async () => {
    const token: RecipeShareTokenSummary = {
      id: '00000000-0000-4000-8000-0000000005a1',
      recipeId: recipe.id,
      groupId,
      expiresAt: '2099-12-24T10:00:00Z',
      createdAt: '2026-11-24T10:00:00Z',
    }
    let tokens: RecipeShareTokenSummary[] = []
    const server = baseServer()
      .answer(listShareTokens, () => ({ body: tokens }))
      .answer(createShareToken, () => {
        tokens = [token]
        return { body: token }
      })
      .answer(deleteShareToken, () => {
        tokens = []
        return { body: null }
      })
    const user = userEvent.setup({ delay: null })
    await renderPage()

    await user.click(screen.getByRole('button', { name: 'Share' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share “Pancakes”' }, lazyDialog)
    expect(within(dialog).getByTestId('page-link')).toHaveValue(`${window.location.origin}/g/home/r/pancakes`)
    expect(await within(dialog).findByText('No share links yet.')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Create share link' }))
    const row = await within(dialog).findByTestId('share-token')
    expect(server.calls(createShareToken)[0]!.body).toEqual({ recipeId: recipe.id })
    expect(server.calls(listShareTokens)[0]!.search.get('recipe_id')).toBe(recipe.id)
    const link = `${window.location.origin}/g/home/shared/r/${token.id}`
    expect(within(row).getByLabelText('Share link')).toHaveValue(link)
    expect(within(row).getByText(/^Expires /)).toHaveTextContent('2099')

    await user.click(within(row).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe(link)
    expect(within(row).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    // The copied state lasts 1500 ms.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Copy' })).toBeInTheDocument(), {
      timeout: 2500,
    })

    await user.click(within(row).getByRole('button', { name: /^Revoke the share link/ }))
    await waitFor(() => expect(within(dialog).queryByTestId('share-token')).not.toBeInTheDocument())
    expect(server.calls(deleteShareToken)[0]!.params.id).toBe(token.id)
  })

  it('keeps the event when only its photo fails, and sends just the photo again', async () => {
    const created = event({ id: '00000000-0000-4000-8000-00000000e00a' })
    let uploads = 0
    const server = baseServer()
      .answer(setRecipeLastMade, { body: recipe })
      .answer(createTimelineEvent, { body: created })
      .answer(uploadTimelineEventImage, (): FakeAnswer<typeof uploadTimelineEventImage> =>
        ++uploads === 1
          ? { status: 415, body: { detail: { message: 'This file is not a picture', error: true, exception: null } } }
          : { body: { image: 'has image' } },
      )
    const user = userEvent.setup({ delay: null })
    await renderPage()
    await user.click(screen.getByRole('button', { name: 'Recipe actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'I made it' }))
    const dialog = await screen.findByRole('dialog', { name: 'I made it' }, lazyDialog)
    await user.upload(dialog.querySelector('input[type="file"]')!, new File(['x'], 'p.png', { type: 'image/png' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file is not a picture')

    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'I made it' })).not.toBeInTheDocument())
    expect(server.calls(createTimelineEvent)).toHaveLength(1)
    expect(server.calls(setRecipeLastMade)).toHaveLength(1)
    expect(server.calls(uploadTimelineEventImage).map((call) => call.params.id)).toEqual([created.id, created.id])
  })

  it('shows older events on "show more" and deletes only one’s own', async () => {
    const mine = event({ id: '00000000-0000-4000-8000-00000000e011', eventMessage: 'Newest' })
    const theirs = event({ id: '00000000-0000-4000-8000-00000000e012', userId: other.id, eventMessage: 'Older' })
    let deleted = false
    const server = baseServer()
      .answer(listTimelineEvents, (request) =>
        request.search.get('page') === '2'
          ? { body: page([theirs], 2, 2) }
          : { body: page(deleted ? [] : [mine], 1, 2) },
      )
      .answer(deleteTimelineEvent, () => {
        deleted = true
        return { body: mine }
      })
    const user = userEvent.setup({ delay: null })
    await renderPage()

    const timeline = await screen.findByTestId('recipe-timeline')
    expect(within(timeline).getByText('Newest')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await within(timeline).findByText('Older')).toBeInTheDocument()
    expect(server.calls(listTimelineEvents).map((call) => call.search.get('page'))).toEqual(['1', '2'])
    // Only the caller's event has a delete button.
    expect(within(timeline).getAllByRole('button', { name: /^Delete the event/ })).toHaveLength(1)

    await user.click(within(timeline).getByRole('button', { name: /^Delete the event/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this event?' }, lazyDialog)
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(server.calls(deleteTimelineEvent)).toHaveLength(0)
    await user.click(within(timeline).getByRole('button', { name: /^Delete the event/ }))
    await user.click(await screen.findByTestId('confirm-delete'))
    await waitFor(() => expect(within(timeline).queryByText('Newest')).not.toBeInTheDocument())
    expect(server.calls(deleteTimelineEvent)[0]!.params.id).toBe(mine.id)
  })

  it('edits one’s own comment; an administrator may delete anyone’s', async () => {
    let comments = [
      comment(),
      comment({ id: '00000000-0000-4000-8000-00000000c002', userId: other.id, user: other, text: 'Too sweet' }),
    ]
    const server = baseServer()
      .answer(listRecipeComments, () => ({ body: comments }))
      .answer(updateComment, (request) => {
        comments = comments.map((entry) =>
          entry.id === request.params.id ? { ...entry, text: request.body.text } : entry,
        )
        return { body: comments.find((entry) => entry.id === request.params.id)! }
      })
    const user = userEvent.setup({ delay: null })
    const view = await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Edit comment by Ada Cook' }))
    const box = screen.getByLabelText('Edit comment')
    await user.clear(box)
    await user.type(box, 'Better with lime')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Better with lime')).toBeInTheDocument()
    expect(server.calls(updateComment)[0]!.body).toMatchObject({ text: 'Better with lime' })
    expect(screen.queryByRole('button', { name: 'Edit comment by Bo Baker' })).not.toBeInTheDocument()
    view.unmount()

    act(() => session.store.set({ status: 'authenticated', user: { ...me, admin: true } }))
    await renderPage()
    expect(await screen.findByRole('button', { name: 'Delete comment by Bo Baker' })).toBeInTheDocument()
  })

  it('toggles a favourite from the explorer’s card without opening the recipe', async () => {
    const summary: RecipeSummary = makeSummary({ id: recipe.id, name: 'Pancakes', slug: 'pancakes' })
    const server = baseServer()
      .answer(listRecipes, {
        body: { page: 1, per_page: 30, total: 1, total_pages: 1, items: [summary], next: null, previous: null },
      })
      .answer(listOwnRatings, { body: { ratings: [{ recipeId: recipe.id, rating: 5, isFavorite: true }] } })
      .answer(removeUserFavorite, { body: null })
    const user = userEvent.setup({ delay: null })
    await renderWithApp(
      <Routes>
        <Route path="/g/:groupSlug" element={<GroupHomePage />} />
      </Routes>,
      { path: '/g/home' },
    )
    const card = (await screen.findByRole('link', { name: 'Pancakes' })).closest('article')!
    const toggle = await within(card).findByRole('button', { name: 'Remove Pancakes from favorites' })
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await user.click(toggle)
    expect(await within(card).findByRole('button', { name: 'Add Pancakes to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await waitFor(() => expect(server.calls(removeUserFavorite)).toHaveLength(1))
    expect(server.calls(removeUserFavorite)[0]!.params).toEqual({ id: me.id, slug: 'pancakes' })
    expect(screen.getByRole('link', { name: 'Pancakes' })).toBeInTheDocument()
  })
})
