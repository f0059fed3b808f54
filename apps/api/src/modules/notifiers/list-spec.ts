import { GroupEventNotifierOut } from '@larder/contracts'
import { notifiers } from '../../db/schema/index.js'
import { defineListSpec } from '../../http/list-query/index.js'

/** What notifier lists filter and order on: the answer's own plain fields. */
export const notifierListSpec = defineListSpec({
  table: notifiers,
  shows: GroupEventNotifierOut,
  columns: {
    id: notifiers.id,
    name: notifiers.name,
    enabled: notifiers.enabled,
    group_id: notifiers.groupId,
    household_id: notifiers.householdId,
  },
  search: [notifiers.name],
  defaultOrder: notifiers.createdAt,
})
