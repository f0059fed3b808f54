import { loadCorpusPages } from '@larder/recipe-corpus'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { plainParagraph, RecipeMarkdown } from './RecipeMarkdown'

const parsed = (text: string) => renderToStaticMarkup(<Markdown skipHtml>{text}</Markdown>)
const fast = (text: string) => {
  const plain = plainParagraph(text)
  return plain === null ? null : renderToStaticMarkup(<p>{plain}</p>)
}

describe('plain step text skips the Markdown parser', () => {
  it('renders every step of the recipe-page corpus as the parser would, and most of them without it', () => {
    const steps = loadCorpusPages().flatMap((page) => page.expected.instructions)
    const plain = steps.filter((text) => plainParagraph(text) !== null)
    for (const text of plain) expect(fast(text), text).toBe(parsed(text))
    // The point of the fast path: most real steps are plain sentences.
    expect(steps.length).toBeGreaterThan(500)
    expect(plain.length / steps.length).toBeGreaterThan(0.6)
  })

  it.each([
    'Preheat the oven to 200 °C.',
    'Bake for 2.5 hours, until golden; serve warm!',
    '350°F oven - 20 minutes (or until done)',
    'Stir in 1/2 cup of milk: "slowly", then rest.',
    'Season to taste ',
  ])('keeps %j as one paragraph of its words', (text) => {
    expect(fast(text)).toBe(parsed(text))
  })

  it.each([
    ['emphasis', 'Mix *well*'],
    ['strong', 'Mix __well__'],
    ['code', 'Set `grill`'],
    ['a link', 'See [the video](https://example.com)'],
    ['an autolink or raw HTML', 'See <https://example.com>'],
    ['an entity', 'Salt &amp; pepper'],
    ['an escape', 'Use 1\\. cup'],
    ['a heading', '# Sauce'],
    ['a quote', '> from grandma'],
    ['a bullet', '- flour'],
    ['a plus bullet', '+ flour'],
    ['a numbered step', '1. Mix'],
    ['a numbered step with a parenthesis', '2) Bake'],
    ['a rule', '---'],
    ['an indent', '    code'],
    ['a line break', 'Mix\nBake'],
    ['a leading space', ' Mix'],
  ])('leaves %s to the parser', (_what, text) => {
    expect(plainParagraph(text)).toBeNull()
  })
})

describe('RecipeMarkdown', () => {
  const show = (text: string) =>
    render(
      <MantineProvider env="test">
        <RecipeMarkdown>{text}</RecipeMarkdown>
      </MantineProvider>,
    )

  it('shows plain text at once, as one paragraph', () => {
    const { container } = show('Bake at 250 °C for 12 minutes.')
    expect(container.querySelector('.recipe-markdown p')).toHaveTextContent('Bake at 250 °C for 12 minutes.')
  })

  it('shows Markdown as written until its parser has loaded, then rendered, and raw HTML never as markup', async () => {
    const { container } = show('Knead for **10 minutes**.\n<img src=x onerror="alert(1)"> [Video](javascript:alert(2))')
    expect(await screen.findByText('10 minutes', { selector: 'strong' })).toBeInTheDocument()
    expect(container.querySelector('img, script, [onerror]')).toBeNull()
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
  })
})
