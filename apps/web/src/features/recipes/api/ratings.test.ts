import { listOwnRatings } from '@larder/contracts'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { resetEmbeddedAnswers } from '@/app/first-paint'
import { embedAnswers } from '@/test/embedded-answers'
import { ownRatingsQuery } from './ratings'

const ratings = [{ recipeId: '00000000-0000-4000-8000-0000000000f1', rating: 4, isFavorite: true }]

describe("the caller's own ratings", () => {
  afterEach(() => {
    document.getElementById('larder-answers')?.remove()
    resetEmbeddedAnswers()
  })

  it("start from the drawn page's embedded answer without asking the API (api web-shell/link-preview.ts)", async () => {
    embedAnswers({ [listOwnRatings.path]: { ratings } })
    const client = new QueryClient()
    // No fetch is installed: asking the API would fail.
    expect(await client.fetchQuery(ownRatingsQuery('me'))).toEqual(ratings)
  })

  it('are not taken by the query without a caller, which would keep them from the caller', () => {
    embedAnswers({ [listOwnRatings.path]: { ratings } })
    const client = new QueryClient()
    // As useIsFavorite asks before a caller is known: disabled, and built in the cache all the same.
    const nobody = new QueryObserver(client, { ...ownRatingsQuery(''), enabled: false })
    expect(nobody.getCurrentResult().data).toBeUndefined()
    expect(new QueryObserver(client, { ...ownRatingsQuery('me'), enabled: false }).getCurrentResult().data).toEqual(
      ratings,
    )
  })
})
