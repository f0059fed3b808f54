import { getRecipe } from '@larder/contracts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import RecipePage from '@/pages/g/[groupSlug]/r/[slug]/index'
import { fakeServer } from '@/test/fake-server'
import { makeRecipe } from '@/test/recipe-fixtures'
import { renderWithApp } from '@/test/render'
import { CurrentLocation } from '@/test/shell'

// Cook mode's code is loaded when it is entered (a lazy module, transformed on first import in the tests).
const lazyCookMode = { timeout: 5000 }

async function openCookMode(recipe = makeRecipe()) {
  fakeServer().answer(getRecipe, { body: recipe })
  await renderWithApp(
    <>
      <Routes>
        <Route path="/g/:groupSlug/r/:slug" element={<RecipePage />} />
      </Routes>
      <CurrentLocation />
    </>,
    { path: '/g/home/r/pancakes?cook=true' },
  )
  return screen.findByTestId('cook-mode', {}, lazyCookMode)
}

/** A horizontal swipe from x `from` to x `to`. */
function swipe(element: HTMLElement, from: number, to: number) {
  const start = [{ clientX: from, clientY: 200 }]
  const end = [{ clientX: to, clientY: 205 }]
  fireEvent.touchStart(element, { touches: start, changedTouches: start })
  fireEvent.touchEnd(element, { touches: [], changedTouches: end })
}

const progress = () => screen.getByTestId('cook-progress').textContent

/** A fake screen wake lock: what was requested, and the sentinels handed out. */
function fakeWakeLock() {
  const sentinels: { released: boolean; release: ReturnType<typeof vi.fn> }[] = []
  const request = vi.fn((type: string) => {
    expect(type).toBe('screen')
    const sentinel = {
      released: false,
      release: vi.fn(() => {
        sentinel.released = true
        return Promise.resolve()
      }),
    }
    sentinels.push(sentinel)
    return Promise.resolve(sentinel)
  })
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true })
  return { request, sentinels }
}

describe('cook mode', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers()
    Reflect.deleteProperty(navigator, 'wakeLock')
    Reflect.deleteProperty(navigator, 'vibrate')
  })

  it('goes step by step with the buttons, the arrow keys and swipes, and exits back to the recipe', async () => {
    const user = userEvent.setup({ delay: null })
    const cook = await openCookMode()
    expect(progress()).toBe('Step 1 of 3')
    expect(within(cook).getByText('Whisk the flour and the milk until smooth.')).toBeInTheDocument()
    // The step's ingredients, as on the page.
    expect(within(cook).getByRole('list', { name: 'Ingredients for this step' })).toHaveTextContent('200 g flour')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(progress()).toBe('Step 2 of 3')
    await user.keyboard('{ArrowRight}')
    expect(progress()).toBe('Step 3 of 3')
    await user.keyboard('{ArrowRight}')
    expect(progress()).toBe('Step 3 of 3')
    await user.keyboard('{ArrowLeft}')
    expect(progress()).toBe('Step 2 of 3')

    // A swipe to the left shows the next step, to the right the previous one.
    swipe(cook, 300, 100)
    expect(progress()).toBe('Step 3 of 3')
    swipe(cook, 100, 300)
    expect(progress()).toBe('Step 2 of 3')

    await user.click(screen.getByRole('button', { name: 'Exit cook mode' }))
    await waitFor(() => expect(screen.queryByTestId('cook-mode')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/g\/home\/r\/pancakes$/)
    expect(screen.getByRole('heading', { level: 1, name: 'Pancakes' })).toBeInTheDocument()
  })

  it('keeps the screen on while cooking, again after the page was hidden, and lets go on exit', async () => {
    const wakeLock = fakeWakeLock()
    const user = userEvent.setup({ delay: null })
    await openCookMode()
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(1))

    // The browser drops the lock when the page is hidden; coming back asks again.
    wakeLock.sentinels[0]!.released = true
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(2))

    await user.click(screen.getByRole('button', { name: 'Exit cook mode' }))
    await waitFor(() => expect(wakeLock.sentinels[1]!.release).toHaveBeenCalled())
  })

  it('cooks on without a wake lock and says so', async () => {
    await openCookMode()
    expect(screen.getByText('This device may turn the screen off while you cook.')).toBeInTheDocument()
  })

  it('starts a timer from the step text that keeps counting on other steps and rings when done', async () => {
    const vibrate = vi.fn(() => true)
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true })
    await openCookMode()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(progress()).toBe('Step 2 of 3')

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    fireEvent.click(screen.getByRole('button', { name: 'Timer 10 min' }))
    expect(screen.getByRole('timer')).toHaveTextContent('10:00')

    act(() => {
      vi.advanceTimersByTime(4 * 60_000 + 30_000)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('5:30')

    // On the next step the tray is still there and the time still runs.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(progress()).toBe('Step 3 of 3')
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('4:30')

    // Paused, it stands still; resumed, it goes on.
    fireEvent.click(screen.getByRole('button', { name: /^Pause/ }))
    act(() => {
      vi.advanceTimersByTime(10 * 60_000)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('4:30')
    fireEvent.click(screen.getByRole('button', { name: /^Resume/ }))

    expect(vibrate).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(4 * 60_000 + 30_000)
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Time’s up')
    expect(screen.getByRole('alert')).toHaveTextContent('10 minutes (step 2)')
    expect(vibrate).toHaveBeenCalledTimes(1)
    // It rings again until stopped.
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    expect(vibrate).toHaveBeenCalledTimes(2)

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(vibrate).toHaveBeenCalledTimes(2)
  })

  it('counts from the clock, not from ticks, and stays silent when muted', async () => {
    const vibrate = vi.fn(() => true)
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true })
    await openCookMode()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    fireEvent.click(screen.getByRole('button', { name: 'Timer 10 min' }))
    fireEvent.click(screen.getByRole('button', { name: 'Mute timer sound' }))
    expect(screen.getByRole('button', { name: 'Mute timer sound' })).toHaveAttribute('aria-pressed', 'true')

    // The clock jumps (a throttled tab): the next tick shows the true time left.
    vi.setSystemTime(Date.now() + 7 * 60_000)
    act(() => {
      vi.advanceTimersByTime(250)
    })
    expect(screen.getByRole('timer')).toHaveTextContent('3:00')

    act(() => {
      vi.advanceTimersByTime(3 * 60_000 + 5000)
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Time’s up')
    expect(vibrate).not.toHaveBeenCalled()

    // Cancelling a running timer removes it.
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    fireEvent.click(screen.getByRole('button', { name: 'Timer 10 min' }))
    fireEvent.click(screen.getByRole('button', { name: /^Cancel/ }))
    expect(screen.queryByTestId('timer-tray')).not.toBeInTheDocument()
  })

  it('names the ingredient section a step draws from, as the page does', async () => {
    const user = userEvent.setup({ delay: null })
    const recipe = makeRecipe()
    const sauce = recipe.recipeIngredient[3]!
    recipe.recipeInstructions[2]!.ingredientReferences = [{ referenceId: sauce.referenceId }]
    const cook = await openCookMode(recipe)
    const firstUses = within(cook).getByRole('list', { name: 'Ingredients for this step' })
    expect(within(firstUses).getAllByText('Batter')).toHaveLength(1)
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(progress()).toBe('Step 3 of 3')
    const lastUses = within(cook).getByRole('list', { name: 'Ingredients for this step' })
    expect(within(lastUses).getByText('To serve')).toBeInTheDocument()
  })
})
