import type { MultiPurposeLabel } from '@larder/contracts'
import { ColorInput, Group, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useStrings } from '@/i18n/use-strings'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { useFieldRules } from '@/components/use-field-rules'
import { useSaveLabel } from '@/features/foods/api/labels'
import { LabelBadge } from './LabelBadge'
import '@mantine/core/styles/ColorInput.css'
import '@mantine/core/styles/ColorPicker.css'
import '@mantine/core/styles/ColorSwatch.css'

const defaultColor = '#959595'
const hexColor = /^#[0-9a-fA-F]{3,8}$/

/** Create or edit one label: a name and a colour, with a preview of the badge. */
export function LabelForm(props: { opened: boolean; label: MultiPurposeLabel | null; onClose: () => void }) {
  const { t } = useStrings('organize')
  const rules = useFieldRules()
  const save = useSaveLabel()
  const form = useForm({
    initialValues: { name: props.label?.name ?? '', color: props.label?.color ?? defaultColor },
    validate: {
      name: (value) => rules.name(value),
      color: (value) => (hexColor.test(value) ? null : t('labels.colorInvalid')),
    },
  })
  const close = () => {
    save.reset()
    props.onClose()
  }
  const submit = form.onSubmit((values) =>
    save.mutate(
      { ...(props.label ? { id: props.label.id } : {}), body: { name: values.name.trim(), color: values.color } },
      { onSuccess: close },
    ),
  )
  const { name, color } = form.getValues()
  return (
    <FormDialog
      opened={props.opened}
      title={props.label ? t('labels.editTitle') : t('labels.createTitle')}
      submitLabel={props.label ? t('common.save') : t('common.create')}
      submitting={save.isPending}
      error={errorMessageOf(save.error)}
      onClose={close}
      onSubmit={submit}
    >
      <TextInput label={t('labels.name')} required data-autofocus {...form.getInputProps('name')} />
      <ColorInput label={t('labels.color')} format="hex" {...form.getInputProps('color')} />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('labels.preview')}
        </Text>
        <LabelBadge
          label={{
            name: name.trim() || t('labels.name'),
            color: hexColor.test(color) ? color : defaultColor,
          }}
        />
      </Group>
    </FormDialog>
  )
}
