import type { ShoppingListItemOut } from '@larder/contracts'
import { Alert, Button, Group, NumberInput, Select, Stack, Textarea } from '@mantine/core'
import { useState } from 'react'
import { DialogShell } from '@/components/DialogShell'
import { useEveryFood } from '@/features/foods/api/foods'
import { useEveryLabel } from '@/features/foods/api/labels'
import { useEveryUnit } from '@/features/foods/api/units'
import { useStrings } from '@/i18n/use-strings'
import type { ItemDraft } from '@/features/shopping/api/shopping-writes'

const draftOf = (item: ShoppingListItemOut): ItemDraft => ({
  quantity: item.quantity,
  unit: item.unit,
  food: item.food,
  label: item.label,
  note: item.note,
})

/** Edits a line: amount, unit, food, label and note; or deletes it. */
export function ItemEditor(props: {
  item: ShoppingListItemOut | null
  onClose: () => void
  onSave: (item: ShoppingListItemOut, draft: ItemDraft) => Promise<unknown>
  onDelete: (item: ShoppingListItemOut) => Promise<unknown>
}) {
  const { t } = useStrings('shopping')
  return (
    <DialogShell opened={props.item !== null} onClose={props.onClose} title={t('shopping.item.editTitle')}>
      {props.item && <EditorFields key={props.item.id} {...props} item={props.item} />}
    </DialogShell>
  )
}

function EditorFields(props: {
  item: ShoppingListItemOut
  onClose: () => void
  onSave: (item: ShoppingListItemOut, draft: ItemDraft) => Promise<unknown>
  onDelete: (item: ShoppingListItemOut) => Promise<unknown>
}) {
  const { t } = useStrings('shopping')
  const { item } = props
  const [draft, setDraft] = useState(() => draftOf(item))
  const foods = useEveryFood().data?.items ?? []
  const units = useEveryUnit().data?.items ?? []
  const labels = useEveryLabel().data?.items ?? []
  // The food or unit of the line stays choosable while the lists load, or when it is not in them.
  const foodChoices = draft.food && !foods.some((food) => food.id === draft.food?.id) ? [draft.food, ...foods] : foods
  const unitChoices = draft.unit && !units.some((unit) => unit.id === draft.unit?.id) ? [draft.unit, ...units] : units
  const labelChoices =
    draft.label && !labels.some((label) => label.id === draft.label?.id) ? [draft.label, ...labels] : labels

  const save = () => {
    props.onClose()
    // The list shows the change at once; a refusal puts the line back and the client shows why.
    void props.onSave(item, draft).catch(() => undefined)
  }
  const remove = () => {
    props.onClose()
    void props.onDelete(item).catch(() => undefined)
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
    >
      <Stack gap="sm">
        {item.recipeReferences.length > 0 && (
          <Alert color="info" variant="light" p="xs">
            {t('shopping.item.fromRecipes', { count: item.recipeReferences.length })}
          </Alert>
        )}
        <NumberInput
          label={t('shopping.item.quantity')}
          value={draft.quantity}
          min={0}
          decimalScale={3}
          onChange={(value) => setDraft({ ...draft, quantity: typeof value === 'number' ? value : Number(value) || 0 })}
        />
        <Select
          label={t('shopping.item.unit')}
          searchable
          clearable
          data={unitChoices.map((unit) => ({ value: unit.id, label: unit.name }))}
          value={draft.unit?.id ?? null}
          onChange={(id) => setDraft({ ...draft, unit: unitChoices.find((unit) => unit.id === id) ?? null })}
        />
        <Select
          label={t('shopping.item.food')}
          searchable
          clearable
          limit={50}
          data={foodChoices.map((food) => ({ value: food.id, label: food.name }))}
          value={draft.food?.id ?? null}
          onChange={(id) => {
            const food = foodChoices.find((choice) => choice.id === id) ?? null
            // A food with a label brings it, unless the person chose one already.
            setDraft({ ...draft, food, label: draft.label ?? food?.label ?? null })
          }}
        />
        <Select
          label={t('shopping.item.label')}
          searchable
          clearable
          data={labelChoices.map((label) => ({ value: label.id, label: label.name }))}
          value={draft.label?.id ?? null}
          onChange={(id) => setDraft({ ...draft, label: labelChoices.find((label) => label.id === id) ?? null })}
        />
        <Textarea
          label={t('shopping.item.note')}
          rows={2}
          value={draft.note}
          onChange={(event) => setDraft({ ...draft, note: event.currentTarget.value })}
        />
        <Group justify="space-between" gap="xs">
          <Button color="error" variant="light" onClick={remove}>
            {t('common.delete')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('common.save')}</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}
