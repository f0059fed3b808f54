import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { useOfflineWrites } from '@/api/offline'
import { paths } from '@/app/paths'
import { BackLink } from '@/components/BackLink'
import { QueryState } from '@/components/QueryState'
import { usePageTitle } from '@/components/use-page-title'
import { useShoppingList } from '@/features/shopping/api/shopping-queries'
import { ShoppingListView } from '@/features/shopping/components/ShoppingListView'

export default function ShoppingListPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const list = useShoppingList(id)
  const { waiting } = useOfflineWrites()
  usePageTitle(list.data?.name || t('pages.shoppingList.title'))
  return (
    <>
      <BackLink to={paths.shoppingLists} label={t('pages.shoppingLists.title')} />
      <QueryState query={list}>
        {(data) => <ShoppingListView list={data} waitingChanges={waiting} storesPath={paths.householdShoppingStores} />}
      </QueryState>
    </>
  )
}
