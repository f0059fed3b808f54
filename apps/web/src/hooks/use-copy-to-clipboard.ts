import { useClipboard } from '@mantine/hooks'

/** docs/web.md "Idle and clipboard": the "copied" flag lasts 1500 ms. */
export const copiedFlagMs = 1500

/** `copy(text)` and a `copied` flag that clears itself after 1500 ms. */
export function useCopyToClipboard() {
  const clipboard = useClipboard({ timeout: copiedFlagMs })
  return { copy: clipboard.copy, copied: clipboard.copied, error: clipboard.error }
}
