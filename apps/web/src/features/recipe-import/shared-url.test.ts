import { describe, expect, it } from 'vitest'
import { sharedUrlOf, urlInSharedText } from './shared-url'

describe('the address in shared text', () => {
  it('takes the link out of a sentence, without the punctuation that ends it', () => {
    expect(urlInSharedText('Try this soup: https://example.com/soup?x=1. So good!')).toBe(
      'https://example.com/soup?x=1',
    )
    expect(urlInSharedText('(see https://example.com/a)')).toBe('https://example.com/a')
  })

  it('leaves text without a link as it is, trimmed', () => {
    expect(urlInSharedText('  example.com/soup ')).toBe('example.com/soup')
  })

  it('prefers the shared value that holds an address when the share target sends two', () => {
    const search = new URLSearchParams()
    search.append('recipe_import_url', 'Lentil soup')
    search.append('recipe_import_url', 'Lentil soup https://example.com/lentils')
    expect(sharedUrlOf(search)).toBe('https://example.com/lentils')
    expect(sharedUrlOf(new URLSearchParams())).toBe('')
  })
})
