import { Typography } from '@mantine/core'
import { lazy, memo, Suspense } from 'react'

// The Markdown parser (react-markdown and micromark, 118 KB) is loaded only for a text that needs it.
const MarkdownText = lazy(() => import('./MarkdownText'))

/**
 * The text itself when it is one line with nothing CommonMark would read as syntax, which is what most recipe steps
 * are: react-markdown would make it one paragraph of the same words. Anything that could be syntax (an escape,
 * emphasis, code, a link or an image, raw HTML, an entity, a heading, a quote, a list marker, a rule, an indent, a line
 * break) takes the parser. RecipeMarkdown.test.tsx renders every step of the recipe-page corpus both ways.
 */
export function plainParagraph(text: string): string | null {
  if (!/^[^\s#>+=-]/.test(text)) return null
  if (/[\\`*_[\]<>&\n\r]/.test(text)) return null
  // "1. Mix" and "2) Bake" open an ordered list; "2.5 cups" does not.
  if (/^\d{1,9}[.)](\s|$)/.test(text)) return null
  return text.trimEnd()
}

/**
 * Step text, descriptions and notes as Markdown (MarkdownText: sanitised, docs/security.md "Security rules"). Memoised on its text:
 * react-markdown parses on every render, and the recipe page renders again on each tick of the checklist, the
 * servings and the parts it draws in turn; parsing every step again was a phone task of 50 ms.
 * Plain text skips the parser, and the parser's code is loaded only when a text needs it: building its processor and
 * parsing the steps of a recipe was a phone task of 90 ms, and evaluating its modules another of 40 ms (the local
 * build's time to interactive, docs/budgets.md "Web budgets"). Until it has loaded, the text shows as written.
 */
export const RecipeMarkdown = memo(function RecipeMarkdown({ children }: { children: string }) {
  const plain = plainParagraph(children)
  return (
    <Typography p={0} className="recipe-markdown">
      {plain !== null ? (
        <p>{plain}</p>
      ) : (
        <Suspense fallback={<p className="recipe-markdown__loading">{children}</p>}>
          <MarkdownText>{children}</MarkdownText>
        </Suspense>
      )}
    </Typography>
  )
})
