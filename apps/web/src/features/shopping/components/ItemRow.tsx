import type { ShoppingListItemOut } from '@larder/contracts'
import { ActionIcon, Checkbox, Group, Paper, Text } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { itemText } from '@/features/shopping/shopping-order'

/** One line of the list: the box to tick (the whole text is its label, a big target), the edit button, the handle. */
export function ItemRow(props: {
  item: ShoppingListItemOut
  onToggle: (item: ShoppingListItemOut) => void
  onEdit: (item: ShoppingListItemOut) => void
  handle?: ReactNode
}) {
  const { t } = useStrings('shopping')
  const { item } = props
  const text = itemText(item)
  return (
    <Paper px="xs" py={6} radius="md" withBorder data-testid="shopping-item" data-checked={item.checked}>
      <Group gap="xs" wrap="nowrap">
        {props.handle}
        <Checkbox
          size="md"
          style={{ flex: 1, minWidth: 0 }}
          checked={item.checked}
          onChange={() => props.onToggle(item)}
          label={
            <Text
              component="span"
              td={item.checked ? 'line-through' : undefined}
              c={item.checked ? 'dimmed' : undefined}
            >
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
      </Group>
    </Paper>
  )
}
