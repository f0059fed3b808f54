import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'

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
  const { t } = useStrings('recipes')
  const [opened, { open, close }] = useDisclosure(false)
  return (
    <>
      <ActionIcon variant="subtle" color="gray.8" aria-label={props.label} disabled={props.disabled} onClick={open}>
        {props.icon}
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={close}
        title={props.title}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('social.close') }}
      >
        <Stack gap="lg">
          <Text size="sm">{props.message}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="error"
              data-testid="confirm-delete"
              onClick={() => {
                close()
                props.onConfirm()
              }}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
