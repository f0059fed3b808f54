import { Switch, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useStrings } from '@/i18n/use-strings'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { useFieldRules } from '@/components/use-field-rules'
import { useSaveOrganizer, type Organizer, type OrganizerKind } from '@/features/organizers/api/organizers'

/** Create or rename a category, tag or tool; tools also say whether the household has one. */
export function OrganizerForm(props: {
  kind: OrganizerKind
  opened: boolean
  organizer: Organizer | null
  onClose: () => void
}) {
  const { t } = useStrings('organize')
  const rules = useFieldRules()
  const save = useSaveOrganizer(props.kind)
  const form = useForm({
    initialValues: { name: props.organizer?.name ?? '', onHand: props.organizer?.onHand ?? false },
    validate: { name: (value) => rules.name(value) },
  })
  const close = () => {
    save.reset()
    props.onClose()
  }
  const submit = form.onSubmit((values) => {
    const body =
      props.kind === 'tools' ? { name: values.name.trim(), onHand: values.onHand } : { name: values.name.trim() }
    save.mutate({ ...(props.organizer ? { id: props.organizer.id } : {}), body }, { onSuccess: close })
  })
  return (
    <FormDialog
      opened={props.opened}
      title={props.organizer ? t(`organizers.${props.kind}.editTitle`) : t(`organizers.${props.kind}.createTitle`)}
      submitLabel={props.organizer ? t('common.save') : t('common.create')}
      submitting={save.isPending}
      error={errorMessageOf(save.error)}
      onClose={close}
      onSubmit={submit}
    >
      <TextInput label={t('organizers.name')} required data-autofocus {...form.getInputProps('name')} />
      {props.kind === 'tools' && (
        <Switch label={t('organizers.onHand')} {...form.getInputProps('onHand', { type: 'checkbox' })} />
      )}
    </FormDialog>
  )
}
