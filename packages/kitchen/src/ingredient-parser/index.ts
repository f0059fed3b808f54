/**
 * Larder's offline ingredient parser (issue #13, docs/mealie-compatibility.md "Ingredient parser"): `parseIngredientLine` is the statistical sequence
 * labeller ("nlp"), `parseIngredientBrute` Mealie's rule-based "brute" parser. Both are pure and never throw.
 * Imported as `@larder/kitchen/ingredient-parser`, apart from the package root, so that a page that does not parse
 * never loads the weights.
 */
export type { ParsedAmount, ParsedIngredientLine, PartConfidence } from './assemble.js'
export { parseIngredientLine, parseIngredientLines, cleanedLine, shippedModel } from './parse-ingredient.js'
export { sureConfidence } from './sure-confidence.js'
export { parseIngredientBrute, type BruteParse, type BruteOptions } from './brute-parser.js'
export { tokenise, type Token } from './tokenise.js'
export { canonicalUnitName, normalisedUnitText, unitSpellingKey } from './unit-vocabulary.js'
export {
  csvRows,
  labelledLines,
  expectedAnswer,
  isValidationLine,
  stableHash,
  comparableWords,
  tokenLabels,
  type LabelledLine,
  type ExpectedAnswer,
} from './labelled-corpus.js'
export { scoreParses, type ParserScores } from './parser-evaluation.js'
