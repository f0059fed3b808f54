import { Checkbox, Stack } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import type { ImportOptions } from '@/features/recipe-import/import-options'

/** The four choices of a URL or HTML import; `withOpenActions` false hides the two that choose the next page. */
export function ImportOptionsFields(props: { value: ImportOptions; onChange: (value: ImportOptions) => void }) {
  const { t } = useStrings('recipe-import')
  const { value, onChange } = props
  const toggle = (key: keyof ImportOptions) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [key]: event.currentTarget.checked })
  return (
    <Stack gap="xs" role="group" aria-label={t('options.label')}>
      <Checkbox label={t('options.includeTags')} checked={value.includeTags} onChange={toggle('includeTags')} />
      <Checkbox
        label={t('options.includeCategories')}
        checked={value.includeCategories}
        onChange={toggle('includeCategories')}
      />
      <Checkbox
        label={t('options.stayInEditMode')}
        checked={value.stayInEditMode}
        onChange={toggle('stayInEditMode')}
      />
      <Checkbox
        label={t('options.parseIngredients')}
        description={t('options.parseIngredientsHint')}
        checked={value.parseIngredients}
        onChange={toggle('parseIngredients')}
      />
    </Stack>
  )
}
