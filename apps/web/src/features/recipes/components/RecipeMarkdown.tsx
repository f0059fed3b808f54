import { Typography } from '@mantine/core'
import { memo } from 'react'
import Markdown, { type Components } from 'react-markdown'

// Links open in a new tab without handing it this page; everything else renders as react-markdown builds it.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
}

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
 * Step text, descriptions and notes as Markdown. react-markdown builds React elements from the Markdown tree: raw
 * HTML in the text is not rendered (no rehype-raw), and its URL filter drops `javascript:` and other unsafe links —
 * nothing here sets innerHTML (DESIGN §10: user-supplied markdown is sanitised).
 * Memoised on its text: react-markdown parses on every render, and the recipe page renders again on each tick of
 * the checklist, the servings and the parts it draws in turn; parsing every step again was a phone task of 50 ms.
 * Plain text skips the parser: building its processor and parsing the steps of a recipe was a phone task of 90 ms
 * (the local build's time to interactive, DESIGN §9).
 */
export const RecipeMarkdown = memo(function RecipeMarkdown({ children }: { children: string }) {
  const plain = plainParagraph(children)
  return (
    <Typography p={0} className="recipe-markdown">
      {plain !== null ? (
        <p>{plain}</p>
      ) : (
        <Markdown components={components} skipHtml>
          {children}
        </Markdown>
      )}
    </Typography>
  )
})
