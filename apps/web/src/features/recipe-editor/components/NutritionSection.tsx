import { nutritionFields } from '@larder/contracts'
import { SimpleGrid, TextInput } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import type { EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'

/** Free-text nutrition values per serving, as schema.org and Mealie keep them ("240 kcal", "12 g"). */
export function NutritionSection({ form }: { form: EditorForm }) {
  const { t } = useStrings('recipe-editor')
  return (
    <EditorSection title={t('recipeEditor.nutrition')} description={t('recipeEditor.nutritionHint')}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {nutritionFields.map((field) => (
          <TextInput
            key={field}
            label={t(`recipeEditor.nutrient.${field}`)}
            {...form.getInputProps(`nutrition.${field}`)}
          />
        ))}
      </SimpleGrid>
    </EditorSection>
  )
}
