import { Button, Group, Modal, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { useNavigate } from 'react-router'

/** A same-tab, same-origin link the app's router would follow, as a path; null for anything else. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null
  const anchor = (event.target as Element | null)?.closest?.('a[href]')
  if (!(anchor instanceof HTMLAnchorElement)) return null
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  const url = new URL(anchor.href, window.location.href)
  if (url.origin !== window.location.origin) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The position react-router's browser history keeps in each entry's state; null for entries it did not make. */
function historyIndex(): number | null {
  const state: unknown = window.history.state
  return state !== null && typeof state === 'object' && typeof (state as { idx?: unknown }).idx === 'number'
    ? (state as { idx: number }).idx
    : null
}

/**
 * Warns before unsaved edits are lost. The app keeps `<BrowserRouter>` rather than the data router (its size on
 * /login), so react-router's `useBlocker` is not available, and the guard does its work:
 * - clicks on in-app links are caught before the router sees them and confirmed in a dialog;
 * - the browser's Back and Forward are caught by a capturing `popstate` listener on the window, which runs before
 *   the router's own (at the target, capturing listeners run first) and stops it; the step is undone with
 *   `history.go` (as `useBlocker` does; the router never learns of either pop) and taken again once the person
 *   confirms;
 * - closing or reloading the tab asks through `beforeunload`, and the editor's own Cancel goes through `confirm`.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useStrings('recipe-editor')
  const navigate = useNavigate()
  const [pending, setPending] = useState<(() => void) | null>(null)

  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      const target = inAppTarget(event)
      if (target === null || target === `${window.location.pathname}${window.location.search}${window.location.hash}`)
        return
      event.preventDefault()
      event.stopPropagation()
      setPending(() => () => navigate(target))
    }
    const guardedIndex = historyIndex()
    let leaving = false
    const onPopState = (event: PopStateEvent) => {
      const index = historyIndex()
      if (leaving || guardedIndex === null || index === null) return
      // Back at the editor's own entry: the pop that undid a step, which the router must not see either.
      event.stopImmediatePropagation()
      if (index === guardedIndex) return
      window.history.go(guardedIndex - index)
      setPending(() => () => {
        leaving = true
        window.history.go(index - guardedIndex)
      })
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    window.addEventListener('popstate', onPopState, true)
    // Capture on the document: runs before React's own listener on the root, so the router never sees the click.
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      window.removeEventListener('popstate', onPopState, true)
      document.removeEventListener('click', onClick, true)
    }
  }, [dirty, navigate])

  /** Runs `leave` at once when nothing is unsaved, else after the person confirms. */
  function confirm(leave: () => void) {
    if (!dirty) return leave()
    setPending(() => leave)
  }

  const dialog = (
    <Modal
      closeButtonProps={{ 'aria-label': t('recipeEditor.unsaved.close') }}
      opened={pending !== null}
      onClose={() => setPending(null)}
      title={t('recipeEditor.unsaved.title')}
      centered
    >
      <Text size="sm">{t('recipeEditor.unsaved.text')}</Text>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={() => setPending(null)} data-autofocus>
          {t('recipeEditor.unsaved.stay')}
        </Button>
        <Button
          color="error"
          onClick={() => {
            const leave = pending
            setPending(null)
            leave?.()
          }}
        >
          {t('recipeEditor.unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  )
  return { confirm, dialog }
}
