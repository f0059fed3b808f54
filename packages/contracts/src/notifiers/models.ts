import { z } from 'zod'

/**
 * The notifier option flags, one per Mealie event type, in Mealie's order (docs/events.md "Mealie's event types"):
 * a notifier hears an event when the flag named after its type is on. `testMessage` and `webhookTask` are accepted
 * and answered as Mealie does, always false: no event of those types reaches a notifier through the outbox.
 */
export const notifierOptionFlags = [
  'testMessage',
  'webhookTask',
  'recipeCreated',
  'recipeUpdated',
  'recipeDeleted',
  'userSignup',
  'dataMigrations',
  'dataExport',
  'dataImport',
  'mealplanEntryCreated',
  'shoppingListCreated',
  'shoppingListUpdated',
  'shoppingListDeleted',
  'cookbookCreated',
  'cookbookUpdated',
  'cookbookDeleted',
  'tagCreated',
  'tagUpdated',
  'tagDeleted',
  'categoryCreated',
  'categoryUpdated',
  'categoryDeleted',
  // Larder's own, after Mealie's: a webhook message that failed its last attempt.
  'webhookFailed',
] as const
export type NotifierOptionFlag = (typeof notifierOptionFlags)[number]

/** The flags a notifier stores: every one but the two Mealie never stores. */
export const storedNotifierOptionFlags = notifierOptionFlags.filter(
  (flag) => flag !== 'testMessage' && flag !== 'webhookTask',
)

const flagFields = Object.fromEntries(notifierOptionFlags.map((flag) => [flag, z.boolean().default(false)])) as {
  [Flag in NotifierOptionFlag]: z.ZodDefault<z.ZodBoolean>
}
const flagOutFields = Object.fromEntries(notifierOptionFlags.map((flag) => [flag, z.boolean()])) as {
  [Flag in NotifierOptionFlag]: z.ZodBoolean
}

/** The options of an update: replaced as a whole, a flag left out is off; `id` is ignored (Mealie's). */
export const GroupEventNotifierOptions = z
  .object({ ...flagFields, id: z.string().max(100).nullish() })
  .meta({ id: 'GroupEventNotifierOptions' })
export type GroupEventNotifierOptions = z.input<typeof GroupEventNotifierOptions>

export const GroupEventNotifierOptionsOut = z
  .object({ ...flagOutFields, id: z.uuid() })
  .meta({ id: 'GroupEventNotifierOptionsOut' })
export type GroupEventNotifierOptionsOut = z.infer<typeof GroupEventNotifierOptionsOut>

const name = z.string().trim().min(1, 'Enter a name').max(200)
/** An Apprise URL (`ntfys://ntfy.sh/topic`, `json://host/path` …); which schemes are known is the server's rule. */
const appriseUrl = z.string().trim().min(1, 'Enter the Apprise URL').max(2000)

/** POST `/api/households/events/notifications`: a new notifier is enabled, with every event off (Mealie's). */
export const GroupEventNotifierCreate = z.object({ name, appriseUrl }).meta({ id: 'GroupEventNotifierCreate' })
export type GroupEventNotifierCreate = z.input<typeof GroupEventNotifierCreate>
export type GroupEventNotifierCreateParsed = z.output<typeof GroupEventNotifierCreate>

/** PUT `/api/households/events/notifications/{id}`: `appriseUrl` null or left out keeps the stored URL. */
export const GroupEventNotifierUpdate = z
  .object({
    id: z.uuid().optional(),
    name,
    appriseUrl: appriseUrl.nullish(),
    enabled: z.boolean().default(true),
    groupId: z.uuid().optional(),
    householdId: z.uuid().optional(),
    options: GroupEventNotifierOptions.default({} as never),
  })
  .meta({ id: 'GroupEventNotifierUpdate' })
export type GroupEventNotifierUpdate = z.input<typeof GroupEventNotifierUpdate>
export type GroupEventNotifierUpdateParsed = z.output<typeof GroupEventNotifierUpdate>

/**
 * A notifier as answered. The Apprise URL itself is never answered (it holds the receiver's secrets, Mealie's rule);
 * `maskedUrl`, Larder's addition, shows its scheme and host with the secret parts replaced by `***`.
 */
export const GroupEventNotifierOut = z
  .object({
    id: z.uuid(),
    name: z.string(),
    enabled: z.boolean(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    options: GroupEventNotifierOptionsOut,
    maskedUrl: z.string(),
  })
  .meta({ id: 'GroupEventNotifierOut' })
export type GroupEventNotifierOut = z.infer<typeof GroupEventNotifierOut>

/** One attempt at delivering an event (or a test) to a notifier, as the delivery history shows it. */
export const NotifierDelivery = z
  .object({
    id: z.uuid(),
    notifierId: z.uuid(),
    /** The outbox version of the event delivered; null for a test. */
    eventVersion: z.number().int().nullable(),
    /** Mealie's event type name (`recipe_created`, `test_message` …). */
    eventType: z.string(),
    attempt: z.number().int(),
    /** `delivered`; `retrying` (another attempt follows); `failed` (the last attempt failed). */
    outcome: z.enum(['delivered', 'retrying', 'failed']),
    responseCode: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'NotifierDelivery' })
export type NotifierDelivery = z.infer<typeof NotifierDelivery>
