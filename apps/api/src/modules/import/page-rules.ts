/**
 * The hand-written rules of page reading, each by name, so that each can be switched off to see what it is worth:
 * the leave-one-site-out measure (bench/src/import-loso.ts) switches off a rule that only one corpus site needs when
 * it scores that site, as if the rule had been written without it. Only the rules that guess — what a page's markup or
 * wording means — are named here; reading JSON-LD and microdata as the standards define them is not a guess.
 *
 * The switches are an internal option of scrapePage, not a setting: page reading is synchronous, so the set in force
 * is the one scrapePage was called with until it returns.
 */
export const pageRules = {
  // Which ingredient list wins (ingredient-choice.ts).
  'shown-list-run-together': 'the shown list wins when the structured data ran every line into one or two strings',
  'shown-list-stops-early': 'the shown list wins when the structured data stops after its first group',
  'shown-list-heading-as-line': 'the shown list wins when the structured data lists a group heading as an ingredient',
  'shown-list-garbled-brackets': 'the shown list wins when the structured data doubled brackets ("((1 cup))")',
  'shown-list-lost-quantity': 'the shown list wins when the structured data lost a quantity the page shows',
  'shown-list-second-measure': 'the shown list wins when it gives a second measure the structured data dropped',
  'shown-list-quantity-moved': 'the shown list wins when the structured data moved the quantity behind the name',
  'shown-list-no-extras':
    'a shown list with lines sharing no word with the structured ones does not replace them for a garbled line',
  'shown-list-adds-groups': 'the shown list wins when it is the same list with group headings',
  // Where a recipe's parts come from when the structured data lacks them (page-recipe.ts).
  'app-state-fallback': 'ingredients and steps from the app state a script framework hydrates the page from',
  'method-repeats-description': 'a method that only repeats the description is replaced by the page’s',
  'method-after-ingredients': 'the headed prose after the ingredient list is the method',
  'steps-split-as-shown': 'a step the structured data ran together is split as the page shows it',
  // Steps (instructions.ts).
  'steps-numbered-run-on': 'one step numbered inside ("1.Preheat … 2.Cream …") is split at its numbers',
  'steps-sentence-run-on': 'one step whose sentences run together ("…heat.Add…") is split there',
  'step-name-heads': 'a HowToStep’s own name titles it',
  'step-numbers-removed': 'numbers the page wrote into its steps ("1. ") are removed',
  // Ingredient lines (ingredient-groups.ts, visible-ingredients.ts).
  'heading-line-colon': 'a short line without digits that ends in a colon heads the ingredients or steps after it',
  'typed-bullet': 'a bullet typed into a line ("- 1 cup") is dropped',
  'doubled-brackets': 'doubled brackets in a line ("((optional))") are undone',
  'recipe-card-parts': 'a recipe card’s item is read from its parts (amount, unit, name, notes)',
  'screen-reader-text': 'text shown only to screen readers is not part of a line',
  'decoration-cells': 'a table cell of only a symbol is decoration',
  'emphasis-heading':
    'a short line without digits all in emphasis heads the lines after it: list items, paragraph lines, method paragraphs',
  'table-row-items': 'a block without list items lists its ingredients as table rows',
  'grouped-lists': 'named items spread over several lists, one per group, are one list',
  'method-ends-list': 'a heading that names the method or another section ends an ingredient block',
  'table-header-row': 'a table row of header cells only is not a line',
  'card-header-not-line': 'a recipe card’s header labels ("Servings: 4", "Menge Zutaten") are not lines',
  'run-together-lines': 'an item (shown or structured) whose lines each start with a quantity is that many lines',
  'amount-shown-once': 'an amount given apart is not put before a line that already starts with it',
  'section-name-item': 'an item that only names the section ("Ingredients") is not a line',
  // Sections read from the visible page (visible-recipe.ts, visible-method.ts).
  'label-paragraph': 'a label that starts a paragraph has its section in that paragraph',
  'section-class-block': 'with no label, the lists of a block whose class names the section',
  'name-only-label-first': 'a label that only names the section is read before one that starts with its name',
  'numbered-subheadings': 'after sub-headings that number steps, an unnumbered heading ends the method',
  'other-section-ends-ingredients': 'a nutrition, equipment or notes heading ends the ingredient section',
  'other-section-block':
    'lists in a block named for equipment, nutrition, allergens or storage are neither ingredients nor steps',
  'method-list-ends-ingredients': 'a list of sentences after the ingredients is the method, not ingredients',
  'notes-end-method': 'a heading that starts notes, tips or comments ends the method',
  'method-as-list': 'a method set as a list has its steps in the list, not the paragraphs around it',
  // Text (text-cleaning.ts).
  'mend-mojibake': 'UTF-8 read as Latin-1 ("Â½") is mended',
} as const satisfies Record<string, string>

export type PageRule = keyof typeof pageRules

export const pageRuleNames = Object.keys(pageRules) as PageRule[]

let switchedOff: ReadonlySet<PageRule> = new Set()

/** Whether the rule is in force in the page reading under way. */
export const ruleOn = (rule: PageRule): boolean => !switchedOff.has(rule)

/** Runs `read` (synchronous) with the rules switched off; they are back on when it returns or throws. */
export function withRulesOff<T>(rules: Iterable<PageRule>, read: () => T): T {
  const before = switchedOff
  switchedOff = new Set(rules)
  try {
    return read()
  } finally {
    switchedOff = before
  }
}
