import { screen } from '@testing-library/react'
import { IconFileZip, IconLink } from '@tabler/icons-react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { SubpageTabs } from './SubpageTabs'

describe('SubpageTabs', () => {
  it('wraps its tabs onto more lines on a narrow screen instead of cutting the last one off', async () => {
    await renderWithApp(
      <SubpageTabs
        label="Create a recipe"
        subpages={[
          { label: 'Import from a URL', to: '/url', icon: IconLink },
          { label: 'Import a zip', to: '/zip', icon: IconFileZip },
        ]}
      />,
      { path: '/url' },
    )
    const nav = screen.getByRole('navigation', { name: 'Create a recipe' })
    expect(nav.style.getPropertyValue('--group-wrap')).toBe('wrap')
    // No sideways scroller with a hidden scrollbar around it.
    expect(nav.closest('.mantine-ScrollArea-root')).toBeNull()
    expect(screen.getByRole('link', { name: 'Import from a URL' })).toHaveAttribute('aria-current', 'page')
  })

  it('carries the query to the other tab when asked to (the planner keeps its week)', async () => {
    await renderWithApp(
      <SubpageTabs
        label="Meal planner"
        keepSearch
        subpages={[
          { label: 'Meal planner', to: '/plan/view', icon: IconLink },
          { label: 'Edit', to: '/plan/edit', icon: IconFileZip },
        ]}
      />,
      { path: '/plan/view?week=2030-01-07' },
    )
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/plan/edit?week=2030-01-07')
    expect(screen.getByRole('link', { name: 'Meal planner' })).toHaveAttribute('aria-current', 'page')
  })
})
