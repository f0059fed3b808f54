import { IconShoppingCart } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { paths } from '@/app/paths'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { ShoppingListsIndex } from '@/features/shopping/components/ShoppingListsIndex'

export default function ShoppingListsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.shoppingLists.title'))
  return (
    <>
      <PageHeader
        title={t('pages.shoppingLists.title')}
        description={t('pages.shoppingLists.description')}
        icon={IconShoppingCart}
      />
      <ShoppingListsIndex listPath={paths.shoppingList} storesPath={paths.householdShoppingStores} />
    </>
  )
}
