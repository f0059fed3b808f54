import { IconShoppingCart } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function ShoppingListPage() {
  return <EmptyPage page="shoppingList" icon={IconShoppingCart} />
}
