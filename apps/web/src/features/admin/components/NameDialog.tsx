import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useFieldRules } from '@/components/use-field-rules'

/** A small "create …" dialog: a name (and whatever `extra` adds above it), Cancel / Create. */
export function NameDialog(props: {
  opened: boolean
  title: string
  label: string
  submitting: boolean
  extra?: ReactNode
  canSubmit?: boolean
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: rules.name,
    },
  })
  const close = () => {
    form.reset()
    props.onClose()
  }
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(
          ({ name }) =>
            void props
              .onSubmit(name.trim())
              .then(close)
              .catch(() => undefined),
        )}
      >
        <Stack gap="md">
          {props.extra}
          <TextInput label={props.label} required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={props.submitting} disabled={props.canSubmit === false}>
              {t('common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
