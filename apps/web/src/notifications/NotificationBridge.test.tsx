import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotificationBridge } from './NotificationBridge'
import { notificationStore } from './notification-store'

function renderBridge(inCookMode: boolean) {
  return render(
    <MantineProvider>
      {inCookMode && <div className="cook-mode" />}
      <NotificationBridge />
    </MantineProvider>,
  )
}

const containerOf = async (text: string) =>
  (await screen.findByText(text, {}, { timeout: 5000 })).closest('[data-position]')?.getAttribute('data-position')

describe('NotificationBridge', () => {
  afterEach(() => act(() => notificationStore.close()))

  it('shows toasts top right, but at the bottom in cook mode so they do not cover its Exit button', async () => {
    const page = renderBridge(false)
    act(() => notificationStore.open({ text: 'Saved', color: 'success' }))
    expect(await containerOf('Saved')).toBe('top-right')
    page.unmount()

    renderBridge(true)
    act(() => notificationStore.open({ text: 'Timer done', color: 'info' }))
    expect(await containerOf('Timer done')).toBe('bottom-center')
  })

  it("shows a notification's action as a button that acts and closes the notification", async () => {
    renderBridge(false)
    const undo = vi.fn()
    act(() =>
      notificationStore.open({ text: 'Removed Pasta', color: 'success', action: { label: 'Undo', onClick: undo } }),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }, { timeout: 5000 }))
    expect(undo).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByText('Removed Pasta')).not.toBeInTheDocument())
  })
})
