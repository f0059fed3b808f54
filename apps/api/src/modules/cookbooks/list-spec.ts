import { ReadCookBook } from '@larder/contracts'
import { cookbooks } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What cookbook lists filter and order on (docs/mealie-compatibility.md "Filter and order attributes"): ReadCookBook's own fields. */
export const cookbookListSpec = defineListSpec({
  table: cookbooks,
  shows: ReadCookBook,
  columns: {
    id: cookbooks.id,
    name: cookbooks.name,
    slug: cookbooks.slug,
    description: cookbooks.description,
    position: cookbooks.position,
    public: cookbooks.public,
    query_filter_string: cookbooks.queryFilterString,
    group_id: cookbooks.groupId,
    household_id: cookbooks.householdId,
  },
  search: [cookbooks.name],
  defaultOrder: cookbooks.createdAt,
})
