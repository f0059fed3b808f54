import { NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import type { EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'

/** Name, description, servings and yield, times and source address. */
export function GeneralSection({ form }: { form: EditorForm }) {
  const { t } = useStrings('recipe-editor')
  return (
    <EditorSection title={t('recipeEditor.general')}>
      <Stack gap="sm">
        <TextInput label={t('recipeEditor.name')} required {...form.getInputProps('name')} />
        <Textarea
          label={t('recipeEditor.description')}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <NumberInput
            label={t('recipeEditor.servings')}
            min={0}
            decimalScale={2}
            {...form.getInputProps('recipeServings')}
          />
          <NumberInput
            label={t('recipeEditor.yieldQuantity')}
            min={0}
            decimalScale={2}
            {...form.getInputProps('recipeYieldQuantity')}
          />
          <TextInput label={t('recipeEditor.yieldText')} {...form.getInputProps('recipeYield')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label={t('recipeEditor.totalTime')} {...form.getInputProps('totalTime')} />
          <TextInput label={t('recipeEditor.prepTime')} {...form.getInputProps('prepTime')} />
          <TextInput label={t('recipeEditor.cookTime')} {...form.getInputProps('cookTime')} />
          <TextInput label={t('recipeEditor.performTime')} {...form.getInputProps('performTime')} />
        </SimpleGrid>
        <TextInput
          label={t('recipeEditor.sourceUrl')}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...form.getInputProps('orgURL')}
        />
      </Stack>
    </EditorSection>
  )
}
