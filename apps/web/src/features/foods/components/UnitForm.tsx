import type { CreateIngredientUnit, IngredientUnit } from '@larder/contracts'
import { SimpleGrid, Switch, TagsInput, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useStrings } from '@/i18n/use-strings'
import { errorMessageOf, FormDialog } from '@/components/data-table/FormDialog'
import { useFieldRules } from '@/components/use-field-rules'
import { useSaveUnit } from '@/features/foods/api/units'

interface UnitValues {
  name: string
  pluralName: string
  abbreviation: string
  pluralAbbreviation: string
  useAbbreviation: boolean
  fraction: boolean
  description: string
  aliases: string[]
}

function valuesOf(unit: IngredientUnit | null): UnitValues {
  return {
    name: unit?.name ?? '',
    pluralName: unit?.pluralName ?? '',
    abbreviation: unit?.abbreviation ?? '',
    pluralAbbreviation: unit?.pluralAbbreviation ?? '',
    useAbbreviation: unit?.useAbbreviation ?? false,
    fraction: unit?.fraction ?? true,
    description: unit?.description ?? '',
    aliases: unit?.aliases.map((alias) => alias.name) ?? [],
  }
}

const shortProblem = (value: string) => (value.trim().length > 30 ? 'fields.tooLong' : null)

/** Create or edit one unit; `unit` null creates. */
export function UnitForm(props: { opened: boolean; unit: IngredientUnit | null; onClose: () => void }) {
  const { t } = useStrings('organize')
  const rules = useFieldRules()
  const save = useSaveUnit()
  const form = useForm<UnitValues>({
    initialValues: valuesOf(props.unit),
    validate: {
      name: rules.name,
      abbreviation: (value) => {
        const problem = shortProblem(value)
        return problem ? t(problem) : null
      },
      pluralAbbreviation: (value) => {
        const problem = shortProblem(value)
        return problem ? t(problem) : null
      },
    },
  })
  const close = () => {
    save.reset()
    props.onClose()
  }
  const submit = form.onSubmit((values) => {
    const body: CreateIngredientUnit = {
      name: values.name.trim(),
      pluralName: values.pluralName.trim() || null,
      abbreviation: values.abbreviation.trim(),
      pluralAbbreviation: values.pluralAbbreviation.trim(),
      useAbbreviation: values.useAbbreviation,
      fraction: values.fraction,
      description: values.description.trim(),
      extras: props.unit?.extras ?? {},
      aliases: values.aliases.map((name) => ({ name: name.trim() })).filter((alias) => alias.name),
    }
    save.mutate({ ...(props.unit ? { id: props.unit.id } : {}), body }, { onSuccess: close })
  })
  return (
    <FormDialog
      opened={props.opened}
      title={props.unit ? t('units.editTitle') : t('units.createTitle')}
      submitLabel={props.unit ? t('common.save') : t('common.create')}
      submitting={save.isPending}
      error={errorMessageOf(save.error)}
      onClose={close}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t('units.name')} required data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t('units.pluralName')} {...form.getInputProps('pluralName')} />
        <TextInput label={t('units.abbreviation')} {...form.getInputProps('abbreviation')} />
        <TextInput label={t('units.pluralAbbreviation')} {...form.getInputProps('pluralAbbreviation')} />
      </SimpleGrid>
      <Switch
        label={t('units.useAbbreviation')}
        description={t('units.useAbbreviationHint')}
        {...form.getInputProps('useAbbreviation', { type: 'checkbox' })}
      />
      <Switch
        label={t('units.fraction')}
        description={t('units.fractionHint')}
        {...form.getInputProps('fraction', { type: 'checkbox' })}
      />
      <Textarea label={t('units.description')} minRows={2} rows={2} {...form.getInputProps('description')} />
      <TagsInput
        label={t('units.aliases')}
        description={t('units.aliasesHint')}
        maxTags={50}
        {...form.getInputProps('aliases')}
      />
    </FormDialog>
  )
}
