/**
 * The line confidence (`confidence.average`) at or above which a parse is "sure" and may be saved as parsed; below it
 * the line is kept as written. Chosen on the validation split, which training never sees: there 98.3 % of the lines
 * rated sure have their quantity, unit and food right, and 82 % of the lines are rated sure
 * (`pnpm --filter @larder/kitchen evaluate:parser`). Kept apart from the model so that a page can share the
 * threshold without loading the weights.
 */
export const sureConfidence = 0.7
