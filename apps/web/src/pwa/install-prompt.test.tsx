import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { installPromptStorageKey, listenForInstallPrompt, useInstallPrompt } from './install-prompt'

function State() {
  return <output>{useInstallPrompt()}</output>
}

function offerInstallation() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: () => Promise.resolve(),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  })
  act(() => void window.dispatchEvent(event))
  return event
}

const tap = () => act(() => void window.dispatchEvent(new Event('pointerdown')))

describe('the install prompt', () => {
  let stop: () => void
  beforeEach(() => {
    localStorage.clear()
    stop = listenForInstallPrompt()
    render(<State />)
  })
  afterEach(() => stop())

  it('waits for the first tap before it shows the banner the browser offered', () => {
    const event = offerInstallation()
    expect(event.defaultPrevented).toBe(true)
    expect(screen.getByRole('status')).toHaveTextContent('unavailable')
    tap()
    expect(screen.getByRole('status')).toHaveTextContent('shown')
  })

  it('shows it at once when the browser offers it after the person has tapped', () => {
    tap()
    expect(screen.getByRole('status')).toHaveTextContent('unavailable')
    offerInstallation()
    expect(screen.getByRole('status')).toHaveTextContent('shown')
  })

  it('stays hidden for good once declined', () => {
    stop()
    localStorage.setItem(installPromptStorageKey, 'cancelled')
    act(() => void (stop = listenForInstallPrompt()))
    tap()
    offerInstallation()
    expect(screen.getByRole('status')).toHaveTextContent('cancelled')
  })
})
