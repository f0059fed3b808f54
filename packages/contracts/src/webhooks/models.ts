import { z } from 'zod'

export const webhookTypes = ['mealplan'] as const

/** A time of day (`HH:MM`, `HH:MM:SS`, with fractions) or a full ISO datetime, as Mealie's CreateWebhook accepts. */
const timeOfDay = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/
const isoDateTime = /^\d{4}-\d\d-\d\d[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d\d:?\d\d)?$/

const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s/?#@]+(@[^\s/?#@]+)?([/?#]\S*)?$/i.test(value),
    'Enter an http or https address',
  )

/**
 * POST and PUT `/api/households/webhooks[/id]` (Mealie's CreateWebhook). `scheduledTime` is read on the household's
 * wall clock (its meal-plan time zone), where Mealie reads a UTC time of day (docs/mealie-compatibility.md "Webhooks").
 */
export const CreateWebhook = z
  .object({
    enabled: z.boolean().default(true),
    name: z.string().trim().max(200).default(''),
    url: webhookUrl.default(''),
    webhookType: z.enum(webhookTypes).default('mealplan'),
    scheduledTime: z
      .string()
      .trim()
      .max(40)
      .refine(
        (value) => timeOfDay.test(value) || (isoDateTime.test(value) && !Number.isNaN(Date.parse(value))),
        'Enter a time of day (HH:MM) or a date and time',
      ),
  })
  .meta({ id: 'CreateWebhook' })
export type CreateWebhook = z.input<typeof CreateWebhook>
export type CreateWebhookParsed = z.output<typeof CreateWebhook>

/**
 * A webhook as Mealie answers it (ReadWebhook), with Larder's signing secret (`whsec_…`, Standard Webhooks): every
 * caller who can read a webhook may manage it (the `advanced` guard), so the secret is theirs to copy.
 */
export const ReadWebhook = z
  .object({
    id: z.uuid(),
    groupId: z.uuid(),
    householdId: z.uuid(),
    enabled: z.boolean(),
    name: z.string(),
    url: z.string(),
    webhookType: z.enum(webhookTypes),
    /** `HH:MM:SS` on the household's wall clock. */
    scheduledTime: z.string(),
    secret: z.string(),
    /** Until when the secret before the last rotation still signs beside `secret`; null when none does. */
    previousSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
    /** Why the server turned the webhook off (its receiver answered 410 Gone); null otherwise. */
    disabledReason: z.string().nullable(),
  })
  .meta({ id: 'ReadWebhook' })
export type ReadWebhook = z.infer<typeof ReadWebhook>

export const webhookDeliveryOutcomes = ['succeeded', 'retrying', 'failed', 'disabled', 'refused'] as const

/** One attempt to deliver a webhook message (Larder's delivery log; Mealie keeps none). */
export const WebhookDelivery = z
  .object({
    id: z.uuid(),
    webhookId: z.uuid(),
    /** The message's `webhook-id`: the same on every retry and replay of one message. */
    messageId: z.string(),
    kind: z.enum(['scheduled', 'rerun', 'test']),
    attempt: z.number().int(),
    attemptedAt: z.iso.datetime({ offset: true }),
    statusCode: z.number().int().nullable(),
    outcome: z.enum(webhookDeliveryOutcomes),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'WebhookDelivery' })
export type WebhookDelivery = z.infer<typeof WebhookDelivery>
