import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-database.js'

describe('the database connections', () => {
  it('plan without parallel workers, on every connection of the pool', async () => {
    // Each worker builds a statement's hashed sub-plans again: the count of a `rating >= 4` filter at 100k recipes
    // took ten times as long with two of them. postgres.js drops a falsy start-up setting, so a 0 would not reach
    // the server.
    const { sql } = await createTestDatabase()
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => sql.begin((tx) => tx`show max_parallel_workers_per_gather`)),
    )
    expect(settings.map(([row]) => row?.max_parallel_workers_per_gather)).toEqual(['0', '0', '0'])
  })
})
