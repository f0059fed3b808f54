import { Button, Stack, Text } from '@mantine/core'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'

/**
 * ConfirmIconButton's dialog: names what goes, "delete" runs `onConfirm` and closes. Its own module, loaded on the
 * button's first press: the recipe page's comments and timeline show the buttons, not the dialog (docs/budgets.md "Web budgets").
 */
export function ConfirmDeleteDialog(props: {
  opened: boolean
  onClose: () => void
  title: string
  message: string
  onConfirm: () => void
}) {
  const { t } = useStrings('recipes')
  return (
    <DialogShell opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack gap="lg">
        <Text size="sm">{props.message}</Text>
        <DialogActions onCancel={props.onClose}>
          <Button
            color="error"
            data-testid="confirm-delete"
            onClick={() => {
              props.onClose()
              props.onConfirm()
            }}
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Stack>
    </DialogShell>
  )
}
