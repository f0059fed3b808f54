import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A button that asks before doing something that loses data. The dialog stays open (busy) until the action
 * settles and closes only when it succeeds.
 */
export function ConfirmButton(
  props: ButtonProps & {
    title: string
    message: ReactNode
    confirmLabel: string
    onConfirm: () => Promise<unknown>
    children: ReactNode
    'data-testid'?: string
    'aria-label'?: string
  },
) {
  const { title, message, confirmLabel, onConfirm, children, ...buttonProps } = props
  const { t } = useTranslation()
  const [opened, { open, close }] = useDisclosure(false)
  const [busy, setBusy] = useState(false)

  async function confirm() {
    setBusy(true)
    try {
      await onConfirm()
      close()
    } catch {
      // The HTTP client has shown the server's message; keep the dialog so the user can cancel or retry.
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button color="error" variant="light" {...buttonProps} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered radius="lg">
        <Stack gap="lg">
          <Text size="sm">{message}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button color="error" loading={busy} onClick={() => void confirm()} data-testid="confirm-action">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
