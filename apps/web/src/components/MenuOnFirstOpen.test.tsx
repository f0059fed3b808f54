import { MantineProvider, Menu } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MenuOnFirstOpen } from './MenuOnFirstOpen'

function renderMenu(onPrint = vi.fn()) {
  render(
    // env="test": no transitions, and popovers stay shown although jsdom lays nothing out (Mantine's test setup).
    <MantineProvider env="test">
      <MenuOnFirstOpen target={<button type="button">Actions</button>} withinPortal>
        <Menu.Item onClick={onPrint}>Print</Menu.Item>
        <Menu.Item>Delete</Menu.Item>
      </MenuOnFirstOpen>
    </MantineProvider>,
  )
  return onPrint
}

describe('MenuOnFirstOpen', () => {
  it('builds nothing but its target until it is pressed, and says the target opens a menu', () => {
    renderMenu()
    const target = screen.getByRole('button', { name: 'Actions' })
    expect(target).toHaveAttribute('aria-haspopup', 'menu')
    expect(target).toHaveAttribute('aria-expanded', 'false')
    // A Mantine Menu mounts a portal node in <body> as it renders, opened or not.
    expect(document.querySelector('[data-portal]')).toBeNull()
  })

  it('opens on the first press, runs an item, and opens again on the next', async () => {
    const user = userEvent.setup()
    const onPrint = renderMenu()
    await user.click(screen.getByRole('button', { name: 'Actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Print' }))
    expect(onPrint).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Actions' }))
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('opens from the keyboard and gives the focus back to its target on Escape', async () => {
    const user = userEvent.setup()
    renderMenu()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menu')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus())
  })
})
