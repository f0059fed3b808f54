import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { IconChefHat } from '@tabler/icons-react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '@/test/render'
import { useWideScreen } from '@/test/wide-screen'
import { initColorScheme } from '@/theme/color-scheme-store'
import { AppFrame } from './AppFrame'

const recipesSection = () => [{ title: 'Recipes', links: [{ label: 'All recipes', to: '/g/home', icon: IconChefHat }] }]

async function renderFrame(sections = vi.fn(recipesSection)) {
  await renderWithApp(
    <AppFrame sections={sections} userMenu={null}>
      <p>Page</p>
    </AppFrame>,
    { path: '/g/home/r/soup' },
  )
  return { sections }
}

beforeAll(() => {
  initColorScheme(false)
})

describe('app frame on a phone', () => {
  // The navbar is a closed drawer below lg: its links are drawn when it first opens, not with every page's first
  // render (docs/budgets.md "Web budgets", Lighthouse's blocking time).
  it('draws the navigation when the burger first opens it', async () => {
    const { sections } = await renderFrame()
    await screen.findByText('Page')
    expect(screen.queryByRole('link', { name: 'All recipes' })).toBeNull()
    expect(sections).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }))
    expect(await screen.findByRole('link', { name: 'All recipes' })).toBeInTheDocument()
  })
})

describe('app frame on a wide screen', () => {
  useWideScreen()

  it('draws the navigation at once', async () => {
    await renderFrame()
    expect(await screen.findByRole('link', { name: 'All recipes' })).toBeInTheDocument()
  })
})
