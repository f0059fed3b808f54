/* The ingredient parser screens: a recipe's review page and the admin's side-by-side comparison. */
import './styles'
export { IngredientParser, type IngredientParserProps } from './components/IngredientParser'
export { ParserComparison } from './components/ParserComparison'
