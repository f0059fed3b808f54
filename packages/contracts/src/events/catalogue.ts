import { z } from 'zod'

/**
 * Who may hear of an event: every member of its group (recipes, organizers, foods: the group's data), or only the
 * members of its household (cookbooks, meal plans, shopping lists: a household's own data). The same rule as reading
 * the row the event is about.
 */
export type EventAudience = 'group' | 'household'

/**
 * The notifier event an event type is sent as (Mealie's numbered event types, docs/events.md): the number sent as
 * `eventType` in a webhook body, the notifier option flag that selects it, and the document it describes.
 */
export interface NotifierEvent {
  number: number
  name: string
  documentType: string
  operation: 'create' | 'update' | 'delete' | 'info'
}

export interface EventDefinition<Document extends z.ZodObject = z.ZodObject> {
  audience: EventAudience
  /** The ids a subscriber needs to know what changed: the poke, never the document itself. */
  document: Document
  /** Absent where Mealie sends nothing (tools, foods, units, labels): those are heard live only. */
  notifier?: NotifierEvent
}

const event = <Document extends z.ZodObject>(definition: EventDefinition<Document>) => definition

const notifier = (
  number: number,
  name: string,
  documentType: string,
  operation: NotifierEvent['operation'],
): NotifierEvent => ({ number, name, documentType, operation })

const id = z.uuid()

const RecipeDocument = z.object({ recipeId: id, recipeSlug: z.string() })
const TimelineEventDocument = z.object({ recipeId: id, recipeSlug: z.string(), timelineEventId: id })
const CookbookDocument = z.object({ cookbookId: id, cookbookSlug: z.string() })
const TagDocument = z.object({ tagId: id, tagSlug: z.string() })
const CategoryDocument = z.object({ categoryId: id, categorySlug: z.string() })
const ToolDocument = z.object({ toolId: id, toolSlug: z.string() })
/** A merged food or unit is deleted; `mergedIntoId` names the one its ingredients now use. */
const FoodDocument = z.object({ foodId: id, mergedIntoId: id.optional() })
const UnitDocument = z.object({ unitId: id, mergedIntoId: id.optional() })
const LabelDocument = z.object({ labelId: id })
const UserDocument = z.object({ userId: id })
/** Mealie's meal-plan entries have integer ids. */
const MealplanDocument = z.object({
  mealplanId: z.number().int(),
  date: z.string(),
  recipeId: id.nullable(),
  recipeName: z.string().nullable(),
  recipeSlug: z.string().nullable(),
})
const ShoppingListDocument = z.object({ shoppingListId: id })
const ShoppingListItemDocument = z.object({ shoppingListId: id, shoppingListItemIds: z.array(id) })
const ShoppingListPresenceDocument = z.object({ shoppingListId: id, userId: id })

/**
 * Every event Larder records (the event types of docs/events.md "Mealie's event types", and the changes Mealie does not announce but open clients
 * must hear of), keyed by the name `/api/live` sends as `event:`. Services publish them through the outbox, in the
 * transaction of the change; `/api/live`, the notifiers and the webhooks read them from there. Shopping lists are
 * declared ahead of their area so that webhooks and the web client are typed against them.
 */
export const eventCatalogue = {
  'test-message': event({
    audience: 'household',
    document: z.object({}),
    notifier: notifier(1, 'test_message', 'generic', 'info'),
  }),
  'webhook-task': event({
    audience: 'household',
    document: z.object({ windowStart: z.string(), windowEnd: z.string() }),
    notifier: notifier(2, 'webhook_task', 'mealplan', 'info'),
  }),
  'recipe.created': event({
    audience: 'group',
    document: RecipeDocument,
    notifier: notifier(3, 'recipe_created', 'recipe', 'create'),
  }),
  'recipe-bulk-report.created': event({
    audience: 'household',
    document: z.object({ reportId: id }),
    notifier: notifier(3, 'recipe_created', 'recipe_bulk_report', 'create'),
  }),
  'recipe.updated': event({
    audience: 'group',
    document: RecipeDocument,
    notifier: notifier(4, 'recipe_updated', 'recipe', 'update'),
  }),
  'recipe-timeline-event.created': event({
    audience: 'group',
    document: TimelineEventDocument,
    notifier: notifier(4, 'recipe_updated', 'recipe_timeline_event', 'create'),
  }),
  'recipe-timeline-event.updated': event({
    audience: 'group',
    document: TimelineEventDocument,
    notifier: notifier(4, 'recipe_updated', 'recipe_timeline_event', 'update'),
  }),
  'recipe-timeline-event.deleted': event({
    audience: 'group',
    document: TimelineEventDocument,
    notifier: notifier(4, 'recipe_updated', 'recipe_timeline_event', 'delete'),
  }),
  'recipe.deleted': event({
    audience: 'group',
    document: RecipeDocument,
    notifier: notifier(5, 'recipe_deleted', 'recipe', 'delete'),
  }),
  'user.signed-up': event({
    audience: 'household',
    document: z.object({ userId: id, username: z.string(), email: z.string() }),
    notifier: notifier(6, 'user_signup', 'user', 'create'),
  }),
  'user.updated': event({ audience: 'group', document: UserDocument }),
  'user.deleted': event({ audience: 'group', document: UserDocument }),
  // Declared by Mealie and never sent by it either; kept so that their numbers and notifier flags stay taken.
  'data.migrated': event({
    audience: 'household',
    document: z.object({}),
    notifier: notifier(7, 'data_migrations', 'generic', 'info'),
  }),
  'data.exported': event({
    audience: 'household',
    document: z.object({}),
    notifier: notifier(8, 'data_export', 'generic', 'info'),
  }),
  'data.imported': event({
    audience: 'household',
    document: z.object({}),
    notifier: notifier(9, 'data_import', 'generic', 'info'),
  }),
  'mealplan-entry.created': event({
    audience: 'household',
    document: MealplanDocument,
    notifier: notifier(10, 'mealplan_entry_created', 'mealplan', 'create'),
  }),
  'mealplan-entry.updated': event({ audience: 'household', document: MealplanDocument }),
  'mealplan-entry.deleted': event({ audience: 'household', document: MealplanDocument }),
  'shopping-list.created': event({
    audience: 'household',
    document: ShoppingListDocument,
    notifier: notifier(11, 'shopping_list_created', 'shopping_list', 'create'),
  }),
  'shopping-list.updated': event({
    audience: 'household',
    document: ShoppingListDocument,
    notifier: notifier(12, 'shopping_list_updated', 'shopping_list', 'update'),
  }),
  'shopping-list-item.created': event({
    audience: 'household',
    document: ShoppingListItemDocument,
    notifier: notifier(12, 'shopping_list_updated', 'shopping_list_item', 'create'),
  }),
  'shopping-list-item.updated': event({
    audience: 'household',
    document: ShoppingListItemDocument,
    notifier: notifier(12, 'shopping_list_updated', 'shopping_list_item', 'update'),
  }),
  'shopping-list-item.deleted': event({
    audience: 'household',
    document: ShoppingListItemDocument,
    notifier: notifier(12, 'shopping_list_updated', 'shopping_list_item', 'delete'),
  }),
  'shopping-list.deleted': event({
    audience: 'household',
    document: ShoppingListDocument,
    notifier: notifier(13, 'shopping_list_deleted', 'shopping_list', 'delete'),
  }),
  /**
   * Someone closed a list's page (Larder, issue #32): the others' "who is here" drops them at once instead of at the
   * presence window's end. Live only; heartbeats publish nothing (one every 20 s per open page would flood the outbox).
   */
  'shopping-list-presence.left': event({
    audience: 'household',
    document: ShoppingListPresenceDocument,
  }),
  'cookbook.created': event({
    audience: 'household',
    document: CookbookDocument,
    notifier: notifier(14, 'cookbook_created', 'cookbook', 'create'),
  }),
  'cookbook.updated': event({
    audience: 'household',
    document: CookbookDocument,
    notifier: notifier(15, 'cookbook_updated', 'cookbook', 'update'),
  }),
  'cookbook.deleted': event({
    audience: 'household',
    document: CookbookDocument,
    notifier: notifier(16, 'cookbook_deleted', 'cookbook', 'delete'),
  }),
  'tag.created': event({
    audience: 'group',
    document: TagDocument,
    notifier: notifier(17, 'tag_created', 'tag', 'create'),
  }),
  'tag.updated': event({
    audience: 'group',
    document: TagDocument,
    notifier: notifier(18, 'tag_updated', 'tag', 'update'),
  }),
  'tag.deleted': event({
    audience: 'group',
    document: TagDocument,
    notifier: notifier(19, 'tag_deleted', 'tag', 'delete'),
  }),
  'category.created': event({
    audience: 'group',
    document: CategoryDocument,
    notifier: notifier(20, 'category_created', 'category', 'create'),
  }),
  'category.updated': event({
    audience: 'group',
    document: CategoryDocument,
    notifier: notifier(21, 'category_updated', 'category', 'update'),
  }),
  'category.deleted': event({
    audience: 'group',
    document: CategoryDocument,
    notifier: notifier(22, 'category_deleted', 'category', 'delete'),
  }),
  'tool.created': event({ audience: 'group', document: ToolDocument }),
  'tool.updated': event({ audience: 'group', document: ToolDocument }),
  'tool.deleted': event({ audience: 'group', document: ToolDocument }),
  'food.created': event({ audience: 'group', document: FoodDocument }),
  'food.updated': event({ audience: 'group', document: FoodDocument }),
  'food.deleted': event({ audience: 'group', document: FoodDocument }),
  'unit.created': event({ audience: 'group', document: UnitDocument }),
  'unit.updated': event({ audience: 'group', document: UnitDocument }),
  'unit.deleted': event({ audience: 'group', document: UnitDocument }),
  'label.created': event({ audience: 'group', document: LabelDocument }),
  'label.updated': event({ audience: 'group', document: LabelDocument }),
  'label.deleted': event({ audience: 'group', document: LabelDocument }),
  /**
   * A webhook message failed its last attempt (Larder's own: Mealie neither retries nor reports). Heard by the
   * notifiers with `webhookFailed` on; its number is outside Mealie's, which no webhook body carries.
   */
  'webhook-delivery.failed': event({
    audience: 'household',
    document: z.object({ webhookId: id, deliveryId: id, attempts: z.number().int().positive() }),
    notifier: notifier(100, 'webhook_failed', 'webhook', 'info'),
  }),
  'group.updated': event({ audience: 'group', document: z.object({ groupId: id }) }),
  'household.updated': event({ audience: 'household', document: z.object({ householdId: id }) }),
} as const satisfies Record<string, EventDefinition>

export type EventType = keyof typeof eventCatalogue
export const eventTypes = Object.keys(eventCatalogue) as EventType[]

/** The ids an event of this type carries. */
export type EventDocument<Type extends EventType> = z.output<(typeof eventCatalogue)[Type]['document']>

/** One event as a service publishes it: its type and the document of that type. */
export type PublishedEvent = { [Type in EventType]: { type: Type; document: EventDocument<Type> } }[EventType]

/**
 * What `/api/live` sends as `data:` for one event: its version (also its `id:`) and its ids. A poke: the client reads
 * the changed resource through its usual endpoint, under its own permissions.
 */
export const LivePoke = z.object({ version: z.number().int().positive() }).catchall(z.unknown())
export type LivePoke = z.output<typeof LivePoke>

export { eventNames, liveResetEvent } from './event-names.js'
