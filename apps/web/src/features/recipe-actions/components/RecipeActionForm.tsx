import type { GroupRecipeActionOut } from '@larder/contracts'
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useStrings } from '@/i18n/use-strings'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { useSaveRecipeAction } from '@/features/recipe-actions/api/recipe-actions'

const httpAddress = /^https?:\/\/\S+$/i

/** Create or edit one recipe action: what it is called, whether it opens a link or posts the recipe, and where. */
export function RecipeActionForm(props: { opened: boolean; action: GroupRecipeActionOut | null; onClose: () => void }) {
  const { t } = useStrings('organize')
  const save = useSaveRecipeAction()
  const form = useForm({
    initialValues: {
      title: props.action?.title ?? '',
      actionType: props.action?.actionType ?? 'link',
      url: props.action?.url ?? '',
    },
    validate: {
      title: (value) => (value.trim() ? null : t('recipeActions.titleRequired')),
      url: (value) => (httpAddress.test(value.trim()) ? null : t('recipeActions.urlInvalid')),
    },
  })
  const close = () => {
    save.reset()
    props.onClose()
  }
  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        ...(props.action ? { id: props.action.id } : {}),
        body: { title: values.title.trim(), actionType: values.actionType, url: values.url.trim() },
      },
      { onSuccess: close },
    ),
  )
  const { actionType } = form.getValues()
  return (
    <FormDialog
      opened={props.opened}
      title={props.action ? t('recipeActions.editTitle') : t('recipeActions.createTitle')}
      submitLabel={props.action ? t('common.save') : t('common.create')}
      submitting={save.isPending}
      error={errorMessageOf(save.error)}
      onClose={close}
      onSubmit={submit}
    >
      <TextInput label={t('recipeActions.title')} required data-autofocus {...form.getInputProps('title')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="recipe-action-type">
          {t('recipeActions.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="recipe-action-type"
          data={[
            { value: 'link', label: t('recipeActions.typeLink') },
            { value: 'post', label: t('recipeActions.typePost') },
          ]}
          {...form.getInputProps('actionType')}
        />
      </Stack>
      <TextInput
        label={t('recipeActions.url')}
        description={actionType === 'link' ? t('recipeActions.urlHintLink') : t('recipeActions.urlHintPost')}
        required
        type="url"
        {...form.getInputProps('url')}
      />
    </FormDialog>
  )
}
