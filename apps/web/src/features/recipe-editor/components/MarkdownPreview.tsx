import { Typography } from '@mantine/core'
import Markdown from 'react-markdown'

interface MarkdownNode {
  type: string
  value?: string
  children?: MarkdownNode[]
}

/**
 * Raw HTML in a step (`<script>`, `<img onerror>`) is shown as the text it is: every `html` node of the markdown
 * tree becomes a text node before rendering, so no markup from the recipe reaches the page — sanitised by
 * construction rather than by a filter that has to know every dangerous tag.
 */
function htmlAsText() {
  const visit = (node: MarkdownNode) => {
    if (node.type === 'html') node.type = 'text'
    node.children?.forEach(visit)
  }
  return (tree: MarkdownNode) => visit(tree)
}

/** A step's markdown as the recipe page will show it; links open outside the app. */
export function MarkdownPreview({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <Markdown
        remarkPlugins={[htmlAsText]}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
        }}
      >
        {text}
      </Markdown>
    </Typography>
  )
}
