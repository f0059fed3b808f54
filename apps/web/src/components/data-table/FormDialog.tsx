import { Alert, Button, Stack } from '@mantine/core'
import type { FormEvent, ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { ApiError } from '@/api/api-error'
import { DialogActions, DialogShell } from '@/components/DialogShell'

/**
 * The modal around a create or edit form: its fields, the server's refusal when a save fails (the same sentence the
 * notification shows, kept next to the form), Cancel and Save.
 */
export function FormDialog(props: {
  opened: boolean
  title: string
  submitLabel?: string
  submitting: boolean
  /** Save stays greyed while the form has nothing to save yet. */
  submitDisabled?: boolean
  /** The failed save's message; shown until the next attempt. */
  error?: string | null
  onClose: () => void
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
  children: ReactNode
}) {
  const { t } = useStrings('organize')
  return (
    <DialogShell opened={props.opened} onClose={props.onClose} title={props.title}>
      <form noValidate onSubmit={props.onSubmit}>
        <Stack gap="md">
          {props.children}
          {props.error && (
            <Alert color="error" variant="light" role="alert" data-testid="form-error">
              {props.error}
            </Alert>
          )}
          <DialogActions onCancel={props.onClose}>
            <Button type="submit" loading={props.submitting} disabled={props.submitDisabled}>
              {props.submitLabel ?? t('common.save')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </DialogShell>
  )
}

/** A failed mutation's message for FormDialog: the server's sentence, or its validation messages (docs/api.md "Errors"). */
export function errorMessageOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null
  if (error instanceof ApiError && !error.notified) {
    const detail = (error.body as { detail?: unknown } | null)?.detail
    if (Array.isArray(detail)) {
      const messages = detail
        .map((entry) => (entry as { msg?: unknown }).msg)
        .filter((message): message is string => typeof message === 'string')
      if (messages.length > 0) return messages.join(' ')
    }
  }
  return error.message || null
}
