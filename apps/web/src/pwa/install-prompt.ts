import { createStore, useStore } from '@/app/create-store'

/** The install prompt (docs/web.md "Client states"): shown, cancelled (hidden for good, remembered) or installed. */
export type InstallPromptState = 'unavailable' | 'shown' | 'cancelled' | 'installed'

export const installPromptStorageKey = 'larder.install-prompt'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

function remembered(): InstallPromptState | undefined {
  const value = localStorage.getItem(installPromptStorageKey)
  return value === 'cancelled' || value === 'installed' ? value : undefined
}

const store = createStore<InstallPromptState>('unavailable')
let deferredPrompt: BeforeInstallPromptEvent | undefined

function settle(state: 'cancelled' | 'installed') {
  localStorage.setItem(installPromptStorageKey, state)
  deferredPrompt = undefined
  store.set(state)
}

/**
 * The banner waits for the person's first tap, click or key press: arriving on a page, they came for the page, and a
 * banner over its first screen would hide it (and become the largest thing painted, which delays the page's
 * measured largest paint by the whole start of the app).
 */
const interactionEvents = ['pointerdown', 'keydown'] as const

export function listenForInstallPrompt(): () => void {
  store.set(remembered() ?? 'unavailable')
  deferredPrompt = undefined
  let interacted = false
  const showWhenOffered = () => {
    if (deferredPrompt && interacted && !remembered()) store.set('shown')
  }
  const onInteraction = () => {
    interacted = true
    for (const type of interactionEvents) window.removeEventListener(type, onInteraction, true)
    showWhenOffered()
  }
  const onBeforeInstallPrompt = (event: Event) => {
    // Keep the browser's own mini-infobar away; Larder shows its own banner unless the user said no before.
    event.preventDefault()
    if (remembered()) return
    deferredPrompt = event as BeforeInstallPromptEvent
    showWhenOffered()
  }
  const onInstalled = () => settle('installed')
  for (const type of interactionEvents) window.addEventListener(type, onInteraction, true)
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt)
  window.addEventListener('appinstalled', onInstalled)
  return () => {
    for (const type of interactionEvents) window.removeEventListener(type, onInteraction, true)
    window.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt)
    window.removeEventListener('appinstalled', onInstalled)
  }
}

export async function acceptInstallPrompt() {
  if (!deferredPrompt) return
  await deferredPrompt.prompt()
  const { outcome } = await deferredPrompt.userChoice
  settle(outcome === 'accepted' ? 'installed' : 'cancelled')
}

export function cancelInstallPrompt() {
  settle('cancelled')
}

export function useInstallPrompt(): InstallPromptState {
  return useStore(store)
}
