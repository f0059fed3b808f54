import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UnitSystem } from '@/features/recipes/recipe-scaling'
import { initTestI18n } from '@/test/shell'
import { ServingsControls } from './ServingsControls'

function Controls() {
  const [units, setUnits] = useState<UnitSystem>('original')
  return (
    <MantineProvider env="test">
      <ServingsControls base={4} servings={4} onServings={() => undefined} units={units} onUnits={setUnits} />
    </MantineProvider>
  )
}

describe('servings controls', () => {
  afterEach(() => vi.restoreAllMocks())

  // A size read at mount lays out the recipe page in the task that inserts it when the app takes over from the
  // server's drawing (Lighthouse's blocking time, docs/budgets.md "Web budgets"): Mantine's SegmentedControl measured its labels.
  it('reads no size when it mounts', async () => {
    await initTestI18n()
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect')
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get')
    render(<Controls />)
    expect(screen.getByRole('radio', { name: 'As written' })).toBeChecked()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(rect).not.toHaveBeenCalled()
    expect(width).not.toHaveBeenCalled()
  })

  it('offers the unit systems as a labelled radio group that the arrow keys move through', async () => {
    await initTestI18n()
    const user = userEvent.setup()
    render(<Controls />)
    const group = screen.getByRole('radiogroup', { name: 'Units' })
    expect(group).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Metric' }))
    expect(screen.getByRole('radio', { name: 'Metric' })).toBeChecked()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: 'US' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'US' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('radio', { name: 'As written' })).toBeChecked()
  })
})
