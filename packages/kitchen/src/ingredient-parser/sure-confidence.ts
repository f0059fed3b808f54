/**
 * The line confidence (`confidence.average`) at or above which a parse is "sure" and may be saved as parsed; below it
 * the line is kept as written. Chosen on the validation split, which training never sees: there 98.0 % of the lines
 * rated sure have their quantity, unit and food right, and 78 % of the lines are rated sure (0.7 would rate 82 % sure
 * at 97.7 %; the margin is for sources the model never saw). `pnpm --filter @larder/kitchen evaluate:parser` measures
 * it. Kept apart from the model so that a page can share the threshold without loading the weights.
 */
export const sureConfidence = 0.8
