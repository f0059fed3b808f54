import { ActionIcon, Button, Grid, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core'
import { IconClipboardList, IconPlus, IconSection, IconX } from '@tabler/icons-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emptyIngredient, type EditorForm } from './editor-draft'
import { EditorSection } from './EditorSection'
import { PasteIngredientsDialog } from './PasteIngredientsDialog'
import { RowChoiceSelect } from './RowChoiceSelect'
import { SortableList } from './SortableList'

/** The ingredient rows: quantity, unit, food, note; section titles; reorder by drag, keyboard or buttons. */
export function IngredientsSection({ form, canOrganize }: { form: EditorForm; canOrganize: boolean }) {
  const { t } = useTranslation()
  const [pasting, setPasting] = useState(false)
  const ingredients = form.values.recipeIngredient
  const describe = useCallback((index: number) => t('recipeEditor.ingredientNumber', { number: index + 1 }), [t])

  return (
    <EditorSection
      title={t('recipeEditor.ingredients')}
      actions={
        <Button
          variant="default"
          size="xs"
          leftSection={<IconClipboardList size={14} />}
          onClick={() => setPasting(true)}
        >
          {t('recipeEditor.pasteLines')}
        </Button>
      }
    >
      {ingredients.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('recipeEditor.noIngredients')}
        </Text>
      )}
      <Stack gap="xs">
        <SortableList
          ids={ingredients.map((ingredient) => ingredient.referenceId)}
          describe={describe}
          onMove={(from, to) => form.reorderListItem('recipeIngredient', { from, to })}
          onRemove={(index) => form.removeListItem('recipeIngredient', index)}
        >
          {(index, controls) => {
            const ingredient = ingredients[index]!
            const path = `recipeIngredient.${index}` as const
            return (
              <Paper withBorder radius="sm" p="xs">
                <Stack gap={6}>
                  {ingredient.title !== null && (
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
                  <Grid gap="xs">
                    <Grid.Col span={{ base: 4, sm: 2 }}>
                      <NumberInput
                        label={t('recipeEditor.quantity')}
                        min={0}
                        decimalScale={3}
                        hideControls
                        {...form.getInputProps(`${path}.quantity`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 8, sm: 3 }}>
                      <RowChoiceSelect
                        kind="unit"
                        label={t('recipeEditor.unit')}
                        value={ingredient.unit}
                        onChange={(unit) => form.setFieldValue(`${path}.unit`, unit)}
                        canCreate={canOrganize}
                        error={form.errors[`${path}.unit`]}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 3 }}>
                      <RowChoiceSelect
                        kind="food"
                        label={t('recipeEditor.food')}
                        value={ingredient.food}
                        onChange={(food) => form.setFieldValue(`${path}.food`, food)}
                        canCreate={canOrganize}
                        error={form.errors[`${path}.food`]}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <TextInput label={t('recipeEditor.note')} {...form.getInputProps(`${path}.note`)} />
                    </Grid.Col>
                  </Grid>
                  {ingredient.referencedRecipe && (
                    <Text size="xs" c="dimmed">
                      {t('recipeEditor.subRecipe', { name: ingredient.referencedRecipe.name })}
                    </Text>
                  )}
                  {ingredient.originalText && (
                    <Text size="xs" c="dimmed">
                      {t('recipeEditor.originalText', { text: ingredient.originalText })}
                    </Text>
                  )}
                  {ingredient.title === null && (
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
          onClick={() => form.insertListItem('recipeIngredient', emptyIngredient())}
        >
          {t('recipeEditor.addIngredient')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconSection size={16} />}
          onClick={() => form.insertListItem('recipeIngredient', emptyIngredient({ title: '' }))}
        >
          {t('recipeEditor.addSection')}
        </Button>
      </Group>
      <PasteIngredientsDialog
        opened={pasting}
        onClose={() => setPasting(false)}
        onAdd={(lines) => {
          for (const line of lines) form.insertListItem('recipeIngredient', emptyIngredient({ note: line }))
          setPasting(false)
        }}
      />
    </EditorSection>
  )
}
