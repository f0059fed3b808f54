import { Typography } from '@mantine/core'
import { memo } from 'react'
import Markdown, { type Components } from 'react-markdown'

// Links open in a new tab without handing it this page; everything else renders as react-markdown builds it.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
}

/**
 * Step text, descriptions and notes as Markdown. react-markdown builds React elements from the Markdown tree: raw
 * HTML in the text is not rendered (no rehype-raw), and its URL filter drops `javascript:` and other unsafe links —
 * nothing here sets innerHTML (DESIGN §10: user-supplied markdown is sanitised).
 * Memoised on its text: react-markdown parses on every render, and the recipe page renders again on each tick of
 * the checklist, the servings and the parts it draws in turn; parsing every step again was a phone task of 50 ms.
 */
export const RecipeMarkdown = memo(function RecipeMarkdown({ children }: { children: string }) {
  return (
    <Typography p={0} className="recipe-markdown">
      <Markdown components={components} skipHtml>
        {children}
      </Markdown>
    </Typography>
  )
})
