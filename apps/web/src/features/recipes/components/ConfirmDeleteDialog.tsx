import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'

/**
 * ConfirmIconButton's dialog: names what goes, "delete" runs `onConfirm` and closes. Its own module, loaded on the
 * button's first press: the recipe page's comments and timeline show the buttons, not the dialog (DESIGN §9).
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
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('social.close') }}
    >
      <Stack gap="lg">
        <Text size="sm">{props.message}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
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
        </Group>
      </Stack>
    </Modal>
  )
}
