import { ActionIcon } from '@mantine/core'
import { lazy, Suspense, type ReactNode } from 'react'
import { useDialogOnFirstOpen } from '@/hooks/use-dialog-on-first-open'

const ConfirmDeleteDialog = lazy(() =>
  import('./ConfirmDeleteDialog').then((module) => ({ default: module.ConfirmDeleteDialog })),
)

/**
 * An icon button that asks before deleting: the dialog names what goes, "delete" runs `onConfirm` and closes (the
 * section shows a failure in place).
 */
export function ConfirmIconButton(props: {
  label: string
  title: string
  message: string
  icon: ReactNode
  disabled?: boolean
  onConfirm: () => void
}) {
  const dialog = useDialogOnFirstOpen()
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={dialog.open}
      >
        {props.icon}
      </ActionIcon>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            opened={dialog.opened}
            onClose={dialog.close}
            title={props.title}
            message={props.message}
            onConfirm={props.onConfirm}
          />
        </Suspense>
      )}
    </>
  )
}
