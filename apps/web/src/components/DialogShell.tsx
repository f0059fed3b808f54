import { Button, Group, Modal, type ModalProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The one frame of the app's small dialogs: a centred Mantine modal (focus moves in, is trapped, and goes back to
 * the button that opened it; Escape and the backdrop close it) whose close button says what it does. While `busy`
 * (a run that must not be cut off) nothing closes it.
 */
export function DialogShell(props: {
  opened: boolean
  title: string
  onClose: () => void
  busy?: boolean
  /** Wider than Mantine's default for a dialog of long lines (share links). */
  size?: ModalProps['size']
  children: ReactNode
}) {
  const { t } = useTranslation()
  const busy = props.busy ?? false
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      radius="lg"
      size={props.size}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {props.children}
    </Modal>
  )
}

/**
 * A dialog's last line: Cancel, then the buttons that act (`children`), at the end. `cancelLabel` replaces "Cancel"
 * once there is nothing left to cancel ("Done" after a run).
 */
export function DialogActions(props: {
  onCancel: () => void
  cancelDisabled?: boolean
  cancelLabel?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={props.onCancel} disabled={props.cancelDisabled}>
        {props.cancelLabel ?? t('common.cancel')}
      </Button>
      {props.children}
    </Group>
  )
}
