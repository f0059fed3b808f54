import { Typography } from '@mantine/core'
import Markdown, { type Components } from 'react-markdown'

// Links open in a new tab without handing it this page; everything else renders as react-markdown builds it.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
}

/**
 * Step text, descriptions and notes as Markdown. react-markdown builds React elements from the Markdown tree: raw
 * HTML in the text is not rendered (no rehype-raw), and its URL filter drops `javascript:` and other unsafe links —
 * nothing here sets innerHTML (DESIGN §10: user-supplied markdown is sanitised).
 */
export function RecipeMarkdown({ children }: { children: string }) {
  return (
    <Typography p={0} className="recipe-markdown">
      <Markdown components={components} skipHtml>
        {children}
      </Markdown>
    </Typography>
  )
}
