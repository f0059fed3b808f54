import type { ShoppingListItemOut } from '@larder/contracts'
import { IconPencil } from '@tabler/icons-react'
import { memo, type ReactNode } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { itemText } from '@/features/shopping/shopping-order'
import classes from '@/features/shopping/components/ShoppingRow.module.css'

/**
 * One line of the list: the box to tick (the whole text is its label, a big target), the edit button, the handle.
 * Native elements styled in Mantine's variables (ShoppingRow.module.css), no Mantine component: a 200-line list drew
 * some 1,600 of them, most of the time a kept list took to open offline (issue #32: under 500 ms).
 */
export function ItemRow(props: {
  item: ShoppingListItemOut
  onToggle: (item: ShoppingListItemOut) => void
  onEdit: (item: ShoppingListItemOut) => void
  handle?: ReactNode
}) {
  return (
    <div className={classes.row} data-testid="shopping-item" data-checked={props.item.checked}>
      {props.handle}
      <ItemLine item={props.item} onToggle={props.onToggle} onEdit={props.onEdit} />
    </div>
  )
}

/**
 * The box and the edit button, drawn again only when the line itself changed. The drag machinery renders every row
 * again as each row registers with it, and the list again on every change of the list: without this a 200-line list
 * drew its 200 checkboxes several times on opening.
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
      <label className={classes.label}>
        <input
          className={`${classes.box} mantine-focus-auto`}
          type="checkbox"
          checked={item.checked}
          onChange={() => props.onToggle(item)}
        />
        <span className={classes.text}>{text}</span>
      </label>
      <button
        type="button"
        className={`${classes.iconButton} mantine-focus-auto`}
        onClick={() => props.onEdit(item)}
        aria-label={t('shopping.item.edit', { item: text })}
      >
        <IconPencil size={18} aria-hidden="true" />
      </button>
    </>
  )
})
