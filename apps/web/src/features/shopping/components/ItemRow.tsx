import type { ShoppingListItemOut } from '@larder/contracts'
import { ActionIcon, Checkbox, Group, Paper, Text } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { memo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { itemText } from '@/features/shopping/shopping-order'

/** One line of the list: the box to tick (the whole text is its label, a big target), the edit button, the handle. */
export function ItemRow(props: {
  item: ShoppingListItemOut
  onToggle: (item: ShoppingListItemOut) => void
  onEdit: (item: ShoppingListItemOut) => void
  handle?: ReactNode
}) {
  return (
    <Paper px="xs" py={6} radius="md" withBorder data-testid="shopping-item" data-checked={props.item.checked}>
      <Group gap="xs" wrap="nowrap">
        {props.handle}
        <ItemLine item={props.item} onToggle={props.onToggle} onEdit={props.onEdit} />
      </Group>
    </Paper>
  )
}

/**
 * The box and the edit button, drawn again only when the line itself changed. The drag machinery renders every row
 * again as each row registers with it, and the list again on every change of the list: without this a 200-line list
 * drew its 200 checkboxes several times on opening (issue #32: a kept list opened offline shows in under 500 ms).
 */
const ItemLine = memo(function ItemLine(props: {
  item: ShoppingListItemOut
  onToggle: (item: ShoppingListItemOut) => void
  onEdit: (item: ShoppingListItemOut) => void
}) {
  const { t } = useStrings('shopping')
  const { item } = props
  const text = itemText(item)
  return (
    <>
      <Checkbox
        size="md"
        style={{ flex: 1, minWidth: 0 }}
        checked={item.checked}
        onChange={() => props.onToggle(item)}
        label={
          <Text component="span" td={item.checked ? 'line-through' : undefined} c={item.checked ? 'dimmed' : undefined}>
            {text}
          </Text>
        }
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => props.onEdit(item)}
        aria-label={t('shopping.item.edit', { item: text })}
      >
        <IconPencil size={18} />
      </ActionIcon>
    </>
  )
})
