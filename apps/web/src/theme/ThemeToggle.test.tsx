import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { initTestI18n } from '@/test/shell'
import { colorSchemeStorageKey, initColorScheme } from './color-scheme-store'
import { ThemeProvider } from './ThemeProvider'
import { ThemeToggle } from './ThemeToggle'

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  )
}

describe('theme toggle', () => {
  beforeAll(async () => {
    await initTestI18n()
  })

  it('starts light, switches to dark on click and remembers the choice in localStorage', async () => {
    initColorScheme(false)
    renderToggle()
    const toggle = screen.getByRole('button', { name: 'Toggle dark mode' })
    expect(toggle).toHaveAttribute('data-color-scheme', 'light')
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light')
    expect(localStorage.getItem(colorSchemeStorageKey)).toBeNull()

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('data-color-scheme', 'dark')
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark')
    expect(localStorage.getItem(colorSchemeStorageKey)).toBe('dark')

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('data-color-scheme', 'light')
    expect(localStorage.getItem(colorSchemeStorageKey)).toBe('light')
  })

  it('uses the stored choice on the next start, over the dark-mode config flag', () => {
    localStorage.setItem(colorSchemeStorageKey, 'light')
    initColorScheme(true)
    renderToggle()
    expect(screen.getByTestId('theme-toggle')).toHaveAttribute('data-color-scheme', 'light')
  })

  it('starts dark when the public config asks for it and nothing is stored', () => {
    initColorScheme(true)
    renderToggle()
    expect(screen.getByTestId('theme-toggle')).toHaveAttribute('data-color-scheme', 'dark')
  })
})
