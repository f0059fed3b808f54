import { createHash } from 'node:crypto'
import { eventCatalogue, type EventType, type NotifierOptionFlag } from '@larder/contracts'
import type { StoredEvent } from '../../events/outbox.js'

/** `recipe_created` → `recipeCreated`: the option flag named after a Mealie event type. */
export const flagOf = (eventName: string) =>
  eventName.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as NotifierOptionFlag

/** `recipeCreated` → `recipe_created`. */
export const eventNameOf = (flag: NotifierOptionFlag) => flag.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/** The Mealie event type an outbox event is announced as, or null where Mealie announces nothing (foods, tools…). */
export function notifierEventOf(type: string) {
  return eventCatalogue[type as EventType]?.notifier ?? null
}

/** Mealie's title: the type's name with spaces, each word capitalised (`Mealplan Entry Created`). */
export const titleOf = (eventName: string) =>
  eventName
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** A stable id per event, the same on every retry: receivers may drop what they already have. */
export function eventIdOf(groupId: string, version: number): string {
  const hash = createHash('sha256').update(`${groupId}:${version}`).digest('hex')
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`
}

/** What the words of a message need: names looked up while the rows exist, the instance's address. */
export interface MessageFacts {
  baseUrl: string
  groupSlug: string
  /** The changed row's name, when it still exists. */
  name: string | null
}

/** Which row's name a message names, by the event's document. */
export function namedRowOf(document: Record<string, unknown>) {
  const pick = (key: string) => (typeof document[key] === 'string' ? document[key] : null)
  if (pick('recipeId')) return { kind: 'recipe' as const, id: pick('recipeId')! }
  if (pick('shoppingListId') && !Array.isArray(document.shoppingListItemIds))
    return { kind: 'shoppingList' as const, id: pick('shoppingListId')! }
  if (pick('cookbookId')) return { kind: 'cookbook' as const, id: pick('cookbookId')! }
  if (pick('tagId')) return { kind: 'tag' as const, id: pick('tagId')! }
  if (pick('categoryId')) return { kind: 'category' as const, id: pick('categoryId')! }
  if (pick('webhookId')) return { kind: 'webhook' as const, id: pick('webhookId')! }
  return null
}

/**
 * Mealie's message for the event (docs/mealie-compatibility.md "Notifiers"); an empty one is `generic`, as Apprise
 * refuses an empty body.
 */
export function bodyOf(event: Pick<StoredEvent, 'type' | 'document'>, facts: MessageFacts): string {
  const document = event.document
  const text = (key: string) => (typeof document[key] === 'string' ? document[key] : '')
  const [area, action] = event.type.split('.') as [string, string]
  const name = facts.name
  const verb = action === 'created' ? 'created' : action === 'updated' ? 'updated' : 'deleted'
  switch (area) {
    case 'recipe':
    case 'recipe-timeline-event': {
      const label = name ?? text('recipeSlug')
      if (action === 'deleted' && area === 'recipe') return `${label} has been deleted`
      return `${label} has been ${verb}, ${facts.baseUrl}/g/${facts.groupSlug}/r/${text('recipeSlug')}`
    }
    case 'tag':
    case 'category': {
      const label = name ?? text(`${area}Slug`)
      if (action === 'deleted') return `${label} has been deleted`
      const folder = area === 'tag' ? 'tags' : 'categories'
      return `${label} has been ${verb}, ${facts.baseUrl}/recipes/${folder}/${text(`${area}Slug`)}`
    }
    case 'cookbook':
    case 'shopping-list': {
      const label = name ?? (area === 'cookbook' ? text('cookbookSlug') : 'A shopping list')
      return action === 'deleted' ? `${label} has been deleted` : `${label} was ${verb}`
    }
    case 'mealplan-entry':
      return `Mealplan entry created for ${text('date')}`
    case 'webhook-delivery': {
      const attempts = typeof document.attempts === 'number' ? document.attempts : 1
      const label = name ? `Webhook ${name}` : 'A webhook'
      return `${label} could not deliver a message after ${attempts} attempt${attempts === 1 ? '' : 's'}; its delivery log says why, ${facts.baseUrl}/household/webhooks`
    }
    default:
      return 'generic'
  }
}

/** The five fields Mealie adds to json, form and xml URLs (`:event_type` …), keyed as Apprise reads them. */
export function customFieldsOf(event: StoredEvent, eventName: string, integrationId: string): Record<string, string> {
  const notifier = notifierEventOf(event.type)
  return {
    event_type: eventName,
    integration_id: integrationId,
    document_data: JSON.stringify({
      documentType: notifier?.documentType ?? 'generic',
      operation: notifier?.operation ?? 'info',
      ...event.document,
    }),
    event_id: eventIdOf(event.groupId, event.version),
    timestamp: event.createdAt.toISOString(),
  }
}
