import { describe, expect, it } from 'vitest'
import { linkActionUrl } from './link'

const recipe = { id: '2b7f0c3e-1d4a-4f5b-9c6d-7e8f9a0b1c2d', slug: 'lemon-tart' }

describe("a link action's address", () => {
  it("fills in the page's address, the recipe's id and its slug", () => {
    expect(
      linkActionUrl(
        'https://print.example.org/?r=${slug}&id=${id}&from=${url}',
        recipe,
        'https://larder.test/g/home/r/lemon-tart',
      ),
    ).toBe(
      'https://print.example.org/?r=lemon-tart&id=2b7f0c3e-1d4a-4f5b-9c6d-7e8f9a0b1c2d&from=https://larder.test/g/home/r/lemon-tart',
    )
  })

  it("replaces only each placeholder's first occurrence, as Mealie does, and leaves an address without any alone", () => {
    expect(linkActionUrl('https://x.example/${slug}/${slug}', recipe, '')).toBe('https://x.example/lemon-tart/${slug}')
    expect(linkActionUrl('https://x.example/fixed', recipe, '')).toBe('https://x.example/fixed')
  })
})
