import {
  ActionIcon,
  Box,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { IconPlus, IconSection, IconX } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emptyStep, type EditorForm, type IngredientDraft } from './editor-draft'
import { EditorSection } from './EditorSection'
import { MarkdownPreview } from './MarkdownPreview'
import { SortableList } from './SortableList'

/** How an ingredient reads in the step's "ingredients used" list. */
function ingredientLabel(ingredient: IngredientDraft): string {
  const words = [
    ingredient.quantity === '' ? '' : String(ingredient.quantity),
    ingredient.unit?.name ?? '',
    ingredient.food?.name ?? '',
    ingredient.note,
  ]
  return words.filter((word) => word.trim() !== '').join(' ')
}

/** The steps: sections, markdown text with a preview, the ingredients each step uses; reorderable. */
export function StepsSection({ form }: { form: EditorForm }) {
  const { t } = useTranslation()
  const steps = form.values.recipeInstructions
  const describe = useCallback((index: number) => t('recipeEditor.stepNumber', { number: index + 1 }), [t])
  const ingredientOptions = form.values.recipeIngredient.flatMap((ingredient, index) => {
    const label = ingredientLabel(ingredient)
    return label || ingredient.title
      ? [
          {
            value: ingredient.referenceId,
            label: label || `${t('recipeEditor.ingredientNumber', { number: index + 1 })}`,
          },
        ]
      : []
  })

  return (
    <EditorSection title={t('recipeEditor.steps')} description={t('recipeEditor.markdownHint')}>
      {steps.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('recipeEditor.noSteps')}
        </Text>
      )}
      <Stack gap="xs">
        <SortableList
          ids={steps.map((step) => step.key)}
          describe={describe}
          onMove={(from, to) => form.reorderListItem('recipeInstructions', { from, to })}
          onRemove={(index) => form.removeListItem('recipeInstructions', index)}
        >
          {(index, controls) => {
            const step = steps[index]!
            const path = `recipeInstructions.${index}` as const
            // Links to ingredients that were deleted since are dropped from the choice but kept until saved.
            const known = new Set(ingredientOptions.map((option) => option.value))
            return (
              <Paper withBorder radius="sm" p="xs">
                <Stack gap={6}>
                  {step.title !== null && (
                    <Group gap="xs" wrap="nowrap" align="flex-end">
                      <TextInput
                        style={{ flex: 1 }}
                        label={t('recipeEditor.sectionTitle')}
                        {...form.getInputProps(`${path}.title`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        onClick={() => form.setFieldValue(`${path}.title`, null)}
                        aria-label={t('recipeEditor.removeSectionTitle')}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Group gap={4} wrap="nowrap">
                      {controls.handle}
                      <Text size="sm" fw={600}>
                        {describe(index)}
                      </Text>
                    </Group>
                    {controls.buttons}
                  </Group>
                  <StepText form={form} index={index} label={describe(index)} />
                  <MultiSelect
                    label={t('recipeEditor.stepIngredients')}
                    data={ingredientOptions}
                    value={step.ingredientReferences.filter((referenceId) => known.has(referenceId))}
                    onChange={(referenceIds) => form.setFieldValue(`${path}.ingredientReferences`, referenceIds)}
                    searchable
                    clearable
                    nothingFoundMessage={t('recipeEditor.nothingFound')}
                  />
                  {step.title === null && (
                    <Group>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        leftSection={<IconSection size={12} />}
                        onClick={() => form.setFieldValue(`${path}.title`, '')}
                      >
                        {t('recipeEditor.startSectionHere')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Paper>
            )
          }}
        </SortableList>
      </Stack>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('recipeInstructions', emptyStep())}
        >
          {t('recipeEditor.addStep')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconSection size={16} />}
          onClick={() => form.insertListItem('recipeInstructions', emptyStep({ title: '' }))}
        >
          {t('recipeEditor.addSection')}
        </Button>
      </Group>
    </EditorSection>
  )
}

/** The step's markdown, written in a text area or seen as the recipe page will show it. */
function StepText({ form, index, label }: { form: EditorForm; index: number; label: string }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'edit' | 'preview'>('edit')
  const path = `recipeInstructions.${index}.text`
  const text = form.values.recipeInstructions[index]?.text ?? ''
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(value) => setMode(value === 'preview' ? 'preview' : 'edit')}
        data={[
          { value: 'edit', label: t('recipeEditor.edit') },
          { value: 'preview', label: t('recipeEditor.preview') },
        ]}
        aria-label={t('recipeEditor.textMode', { item: label })}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'edit' ? (
        <Textarea label={t('recipeEditor.stepText')} autosize minRows={3} maxRows={14} {...form.getInputProps(path)} />
      ) : (
        <Box
          data-testid="step-preview"
          p="xs"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, minHeight: 60 }}
        >
          {text.trim() === '' ? (
            <Text size="sm" c="dimmed">
              {t('recipeEditor.previewEmpty')}
            </Text>
          ) : (
            <MarkdownPreview text={text} />
          )}
        </Box>
      )}
    </Stack>
  )
}
