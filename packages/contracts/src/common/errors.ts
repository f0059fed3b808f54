import { z } from 'zod'

/** Expected failures: `{"detail": {"message", "error": true, "exception"}}` (docs/api.md "Errors", Mealie's ErrorResponse). */
export const ErrorResponse = z
  .object({
    detail: z.union([
      z.object({ message: z.string(), error: z.literal(true), exception: z.string().nullable() }),
      z.string(),
    ]),
  })
  .meta({ id: 'ErrorResponse' })
export type ErrorResponse = z.infer<typeof ErrorResponse>

/** FastAPI's validation answer, which Mealie's clients parse. */
export const ValidationErrorResponse = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  })
  .meta({ id: 'HTTPValidationError' })
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponse>

/** A 200 body that carries a message the web client shows as an info notification. */
export const SuccessResponse = z
  .object({ message: z.string(), error: z.literal(false).default(false) })
  .meta({ id: 'SuccessResponse' })
export type SuccessResponse = z.infer<typeof SuccessResponse>
