import { parseIngredient, parseIngredients, type RegisteredParser } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/api/http'

/** Parses a recipe's lines in one request (same order back); failures are the screen's to show. */
export function useParseIngredients() {
  return useMutation({
    mutationFn: ({ lines, parser }: { lines: string[]; parser: RegisteredParser }) =>
      call(parseIngredients, { body: { ingredients: lines, parser }, notify: false }),
  })
}

/** One line through one parser (the admin's side-by-side comparison). */
export function parseLine(line: string, parser: RegisteredParser) {
  return call(parseIngredient, { body: { ingredient: line, parser }, notify: false })
}
