import Markdown, { type Components } from 'react-markdown'

// Links open in a new tab without handing it this page; everything else renders as react-markdown builds it.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
}

/**
 * Text as Markdown. react-markdown builds React elements from the Markdown tree: raw HTML in the text is not rendered
 * (no rehype-raw), and its URL filter drops `javascript:` and other unsafe links — nothing here sets innerHTML
 * (docs/security.md "Security rules": user-supplied markdown is sanitised). Loaded by RecipeMarkdown when a text needs it.
 */
export default function MarkdownText({ children }: { children: string }) {
  return (
    <Markdown components={components} skipHtml>
      {children}
    </Markdown>
  )
}
