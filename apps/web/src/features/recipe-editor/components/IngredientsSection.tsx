import { Button, Grid, Group, NumberInput, Text, TextInput } from '@mantine/core'
import { IconClipboardList, IconListDetails } from '@tabler/icons-react'
import { Link } from 'react-router'
import { memo, useCallback, useState, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { emptyIngredient, type EditorForm, type IngredientDraft } from './editor-draft'
import { EditorSection } from './EditorSection'
import { PasteIngredientsDialog } from './PasteIngredientsDialog'
import { RowChoiceSelect } from './RowChoiceSelect'
import { sameProps, type SetField } from './RowParts'
import { SortableRows } from './SortableRows'

/** The ingredient rows: quantity, unit, food, note; section titles; reorder by drag, keyboard or buttons. */
export function IngredientsSection(props: { form: EditorForm; canOrganize: boolean; parserPath: string | null }) {
  const { form, canOrganize, parserPath } = props
  const { t } = useStrings('recipe-editor')
  const [pasting, setPasting] = useState(false)
  const ingredients = form.values.recipeIngredient
  const { setFieldValue } = form
  const describe = useCallback((index: number) => t('recipeEditor.ingredientNumber', { number: index + 1 }), [t])
  const errorOf = (path: string): ReactNode => form.errors[path]

  return (
    <EditorSection
      title={t('recipeEditor.ingredients')}
      actions={
        <Group gap="xs">
          {parserPath && ingredients.length > 0 && (
            <Button
              component={Link}
              to={parserPath}
              variant="default"
              size="xs"
              leftSection={<IconListDetails size={14} />}
            >
              {t('recipeEditor.parseIngredients')}
            </Button>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconClipboardList size={14} />}
            onClick={() => setPasting(true)}
          >
            {t('recipeEditor.pasteLines')}
          </Button>
        </Group>
      }
    >
      <SortableRows
        form={form}
        field="recipeIngredient"
        rows={ingredients}
        keyOf={(ingredient) => ingredient.referenceId}
        describe={describe}
        emptyText={t('recipeEditor.noIngredients')}
        addLabel={t('recipeEditor.addIngredient')}
        newRow={emptyIngredient}
        fields={(index, path) => (
          <IngredientFields
            path={path}
            ingredient={ingredients[index]!}
            canOrganize={canOrganize}
            setFieldValue={setFieldValue}
            quantityError={errorOf(`${path}.quantity`)}
            unitError={errorOf(`${path}.unit`)}
            foodError={errorOf(`${path}.food`)}
            noteError={errorOf(`${path}.note`)}
          />
        )}
      />
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

/**
 * One ingredient's fields. Memoised on the row's own values and errors (the form keeps unchanged rows as the same
 * objects), so typing in one field re-renders one row, not forty rows of pickers.
 */
const IngredientFields = memo(function IngredientFields(props: {
  path: string
  ingredient: IngredientDraft
  canOrganize: boolean
  setFieldValue: SetField
  quantityError: ReactNode
  unitError: ReactNode
  foodError: ReactNode
  noteError: ReactNode
}) {
  const { t } = useStrings('recipe-editor')
  const { path, ingredient, setFieldValue } = props
  return (
    <>
      <Grid gap="xs">
        <Grid.Col span={{ base: 4, sm: 2 }}>
          <NumberInput
            label={t('recipeEditor.quantity')}
            min={0}
            decimalScale={3}
            hideControls
            value={ingredient.quantity}
            error={props.quantityError}
            onChange={(value) => setFieldValue(`${path}.quantity`, value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 3 }}>
          <RowChoiceSelect
            kind="unit"
            label={t('recipeEditor.unit')}
            value={ingredient.unit}
            onChange={(unit) => setFieldValue(`${path}.unit`, unit)}
            canCreate={props.canOrganize}
            error={props.unitError}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <RowChoiceSelect
            kind="food"
            label={t('recipeEditor.food')}
            value={ingredient.food}
            onChange={(food) => setFieldValue(`${path}.food`, food)}
            canCreate={props.canOrganize}
            error={props.foodError}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('recipeEditor.note')}
            value={ingredient.note}
            error={props.noteError}
            onChange={(event) => setFieldValue(`${path}.note`, event.currentTarget.value)}
          />
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
    </>
  )
}, sameProps)
