import type { z } from 'zod'

/**
 * A kind of background job: its name in the queue, the shape of its payload and how many runs it gets. Modules
 * declare one per kind, register its handler with `jobs.handle(definition, …)` and enqueue through it, so that a
 * payload is checked where it is written and read back as the type the handler expects.
 */
export interface JobDefinition<Payload> {
  kind: string
  payload: z.ZodType<Payload>
  /** Runs in all, the first included (default 3); retries wait 2 s, 4 s, 8 s… */
  maxAttempts: number
}

export function defineJob<Schema extends z.ZodType>(definition: {
  kind: string
  payload: Schema
  maxAttempts?: number
}): JobDefinition<z.output<Schema>> {
  const payload = definition.payload as z.ZodType<z.output<Schema>>
  return { kind: definition.kind, payload, maxAttempts: definition.maxAttempts ?? 3 }
}

/** A stored payload that no longer fits its definition (written by an older version): retrying cannot help. */
export class UnreadablePayload extends Error {
  constructor(kind: string, issues: string) {
    super(`The stored payload of this ${kind} job does not fit its definition: ${issues}`)
  }
}
