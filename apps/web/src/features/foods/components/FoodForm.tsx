import type { CreateIngredientFood, IngredientFood } from '@larder/contracts'
import { Select, Switch, TagsInput, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useStrings } from '@/i18n/use-strings'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { useFieldRules } from '@/components/use-field-rules'
import { useSaveFood } from '@/features/foods/api/foods'
import { useEveryLabel } from '@/features/foods/api/labels'

interface FoodValues {
  name: string
  pluralName: string
  description: string
  labelId: string | null
  aliases: string[]
  onHand: boolean
}

function valuesOf(food: IngredientFood | null): FoodValues {
  return {
    name: food?.name ?? '',
    pluralName: food?.pluralName ?? '',
    description: food?.description ?? '',
    labelId: food?.labelId ?? null,
    aliases: food?.aliases.map((alias) => alias.name) ?? [],
    onHand: food?.onHand ?? false,
  }
}

/** Create or edit one food; `food` null creates. Extras the form does not show are sent back unchanged. */
export function FoodForm(props: { opened: boolean; food: IngredientFood | null; onClose: () => void }) {
  const { t } = useStrings('organize')
  const rules = useFieldRules()
  const save = useSaveFood()
  const labels = useEveryLabel()
  const form = useForm<FoodValues>({
    initialValues: valuesOf(props.food),
    validate: { name: rules.name },
  })
  const close = () => {
    save.reset()
    props.onClose()
  }
  const submit = form.onSubmit((values) => {
    const body: CreateIngredientFood = {
      name: values.name.trim(),
      pluralName: values.pluralName.trim() || null,
      description: values.description.trim(),
      extras: props.food?.extras ?? {},
      labelId: values.labelId,
      aliases: values.aliases.map((name) => ({ name: name.trim() })).filter((alias) => alias.name),
      onHand: values.onHand,
    }
    save.mutate({ ...(props.food ? { id: props.food.id } : {}), body }, { onSuccess: close })
  })
  return (
    <FormDialog
      opened={props.opened}
      title={props.food ? t('foods.editTitle') : t('foods.createTitle')}
      submitLabel={props.food ? t('common.save') : t('common.create')}
      submitting={save.isPending}
      error={errorMessageOf(save.error)}
      onClose={close}
      onSubmit={submit}
    >
      <TextInput label={t('foods.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput label={t('foods.pluralName')} {...form.getInputProps('pluralName')} />
      <Textarea label={t('foods.description')} minRows={2} rows={2} {...form.getInputProps('description')} />
      <Select
        label={t('foods.label')}
        placeholder={t('foods.noLabel')}
        clearable
        searchable
        data={(labels.data?.items ?? []).map((label) => ({ value: label.id, label: label.name }))}
        nothingFoundMessage={t('foods.noLabels')}
        {...form.getInputProps('labelId')}
      />
      <TagsInput
        label={t('foods.aliases')}
        description={t('foods.aliasesHint')}
        maxTags={50}
        {...form.getInputProps('aliases')}
      />
      <Switch label={t('foods.onHand')} {...form.getInputProps('onHand', { type: 'checkbox' })} />
    </FormDialog>
  )
}
