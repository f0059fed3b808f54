import { Button, Group, Stack, Text } from '@mantine/core'
import { IconPlus, IconSection } from '@tabler/icons-react'
import { useCallback, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import type { EditorForm, IngredientDraft, StepDraft } from './editor-draft'
import { SortableRowFrame } from './RowParts'
import { SortableList } from './SortableList'

/**
 * The editable, reorderable rows of one list of the recipe (its ingredients or its steps): "none yet" while empty,
 * each row in its frame (section title, drag handle, move and delete buttons), then "add a row" and "add a section".
 * The caller gives a row's fields; everything that moves, removes or adds rows is the same for both lists.
 */
export function SortableRows<Row extends IngredientDraft | StepDraft>(props: {
  form: EditorForm
  field: 'recipeIngredient' | 'recipeInstructions'
  rows: Row[]
  /** A row's stable identity, kept while it moves. */
  keyOf: (row: Row) => string
  /** What a row is called: "Ingredient 3". Stable (useCallback), since memoised rows receive it. */
  describe: (index: number) => string
  emptyText: string
  addLabel: string
  /** A new row; `{ title: '' }` makes it start a section. */
  newRow: (overrides?: { title: string }) => Row
  fields: (index: number, path: string) => ReactNode
}) {
  const { t } = useStrings('recipe-editor')
  const { form, field, rows, describe } = props
  const { setFieldValue, reorderListItem, removeListItem } = form
  const move = useCallback((from: number, to: number) => reorderListItem(field, { from, to }), [reorderListItem, field])
  const remove = useCallback((index: number) => removeListItem(field, index), [removeListItem, field])
  const startSection = useCallback(
    (index: number) => setFieldValue(`${field}.${index}.title`, ''),
    [setFieldValue, field],
  )

  return (
    <>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {props.emptyText}
        </Text>
      )}
      <Stack gap="xs">
        <SortableList
          ids={rows.map(props.keyOf)}
          describe={describe}
          onMove={move}
          onRemove={remove}
          onStartSection={startSection}
          startsSection={(index) => rows[index]?.title !== null}
        >
          {(index, controls) => {
            const path = `${field}.${index}`
            return (
              <SortableRowFrame
                path={path}
                title={rows[index]!.title}
                titleError={form.errors[`${path}.title`]}
                setFieldValue={setFieldValue}
                label={describe(index)}
                controls={controls}
              >
                {props.fields(index, path)}
              </SortableRowFrame>
            )
          }}
        </SortableList>
      </Stack>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem(field, props.newRow())}
        >
          {props.addLabel}
        </Button>
        <Button
          variant="default"
          leftSection={<IconSection size={16} />}
          onClick={() => form.insertListItem(field, props.newRow({ title: '' }))}
        >
          {t('recipeEditor.addSection')}
        </Button>
      </Group>
    </>
  )
}
