import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HoverTooltip } from './HoverTooltip'

function renderTooltip() {
  return render(
    <MantineProvider>
      <HoverTooltip label="Add to favourites" openDelay={50}>
        <button type="button" aria-label="Add to favourites">
          ♥
        </button>
      </HoverTooltip>
    </MantineProvider>,
  )
}

describe('HoverTooltip', () => {
  it('builds nothing outside its target until the pointer rests on it', () => {
    renderTooltip()
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument()
    // A Mantine Tooltip mounts a portal node in <body> as it renders, opened or not.
    expect(document.querySelector('[data-portal]')).toBeNull()
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('shows its label once the pointer has rested on the target for the delay', async () => {
    const user = userEvent.setup()
    renderTooltip()
    await user.hover(screen.getByRole('button', { name: 'Add to favourites' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add to favourites')
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument()
  })

  it('shows nothing when the pointer leaves before the delay', async () => {
    const user = userEvent.setup()
    renderTooltip()
    const target = screen.getByRole('button', { name: 'Add to favourites' })
    await user.hover(target)
    await user.unhover(target)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
