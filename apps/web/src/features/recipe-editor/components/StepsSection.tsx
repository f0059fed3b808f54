import { Box, MultiSelect, SegmentedControl, Stack, Text, Textarea } from '@mantine/core'
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react'
import { ingredientDisplay } from '@larder/kitchen'
import { useStrings } from '@/i18n/use-strings'
import { emptyStep, type EditorForm, type IngredientDraft, type StepDraft } from './editor-draft'
import { EditorSection } from './EditorSection'
import { MarkdownPreview } from './MarkdownPreview'
import { sameProps, type SetField } from './RowParts'
import { SortableRows } from './SortableRows'

interface IngredientOption {
  value: string
  label: string
}

/**
 * How an ingredient reads in the step's "ingredients used" list: the recipe page's display line ("¹/₃ cup flour"),
 * so the cook recognises it.
 */
function ingredientLabel(ingredient: IngredientDraft, disableAmount: boolean): string {
  const quantity = ingredient.quantity === '' ? null : Number(ingredient.quantity)
  return ingredientDisplay({ ...ingredient, quantity: Number.isFinite(quantity) ? quantity : null }, { disableAmount })
}

/** The steps: sections, markdown text with a preview, the ingredients each step uses; reorderable. */
export function StepsSection({ form }: { form: EditorForm }) {
  const { t } = useStrings('recipe-editor')
  const steps = form.values.recipeInstructions
  const ingredients = form.values.recipeIngredient
  const disableAmount = form.values.settings.disableAmount
  const { setFieldValue } = form
  const describe = useCallback((index: number) => t('recipeEditor.stepNumber', { number: index + 1 }), [t])
  // The same list (same object) until an ingredient changes, so the memoised steps do not re-render on every key.
  const ingredientOptions = useMemo(
    () =>
      ingredients.flatMap((ingredient, index): IngredientOption[] => {
        const label = ingredientLabel(ingredient, disableAmount)
        if (!label && !ingredient.title) return []
        return [
          { value: ingredient.referenceId, label: label || t('recipeEditor.ingredientNumber', { number: index + 1 }) },
        ]
      }),
    [ingredients, disableAmount, t],
  )

  return (
    <EditorSection title={t('recipeEditor.steps')} description={t('recipeEditor.markdownHint')}>
      <SortableRows
        form={form}
        field="recipeInstructions"
        rows={steps}
        keyOf={(step) => step.key}
        describe={describe}
        emptyText={t('recipeEditor.noSteps')}
        addLabel={t('recipeEditor.addStep')}
        newRow={emptyStep}
        fields={(index, path) => (
          <StepFields
            path={path}
            step={steps[index]!}
            label={describe(index)}
            ingredientOptions={ingredientOptions}
            setFieldValue={setFieldValue}
            textError={form.errors[`${path}.text`]}
          />
        )}
      />
    </EditorSection>
  )
}

/** A step's markdown (written, or seen as the recipe page will show it) and the ingredients it uses. */
const StepFields = memo(function StepFields(props: {
  path: string
  step: StepDraft
  label: string
  ingredientOptions: IngredientOption[]
  setFieldValue: SetField
  textError: ReactNode
}) {
  const { t } = useStrings('recipe-editor')
  const { path, step, setFieldValue } = props
  const [mode, setMode] = useState<'edit' | 'preview'>('edit')
  // Links to ingredients deleted since stay until the recipe is saved without them; they are not offered.
  const known = new Set(props.ingredientOptions.map((option) => option.value))
  return (
    <>
      <Stack gap={4}>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(value) => setMode(value === 'preview' ? 'preview' : 'edit')}
          data={[
            { value: 'edit', label: t('recipeEditor.edit') },
            { value: 'preview', label: t('recipeEditor.preview') },
          ]}
          aria-label={t('recipeEditor.textMode', { item: props.label })}
          style={{ alignSelf: 'flex-start' }}
        />
        {mode === 'edit' ? (
          <Textarea
            label={t('recipeEditor.stepText')}
            autosize
            minRows={3}
            maxRows={14}
            value={step.text}
            error={props.textError}
            onChange={(event) => setFieldValue(`${path}.text`, event.currentTarget.value)}
          />
        ) : (
          <Box
            data-testid="step-preview"
            p="xs"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, minHeight: 60 }}
          >
            {step.text.trim() === '' ? (
              <Text size="sm" c="dimmed">
                {t('recipeEditor.previewEmpty')}
              </Text>
            ) : (
              <MarkdownPreview text={step.text} />
            )}
          </Box>
        )}
      </Stack>
      <MultiSelect
        label={t('recipeEditor.stepIngredients')}
        data={props.ingredientOptions}
        value={step.ingredientReferences.filter((referenceId) => known.has(referenceId))}
        onChange={(referenceIds) => setFieldValue(`${path}.ingredientReferences`, referenceIds)}
        searchable
        clearable
        nothingFoundMessage={t('recipeEditor.nothingFound')}
      />
    </>
  )
}, sameProps)
