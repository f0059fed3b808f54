import { IconShoppingCart } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function ShoppingListsPage() {
  return <EmptyPage page="shoppingLists" icon={IconShoppingCart} />
}
