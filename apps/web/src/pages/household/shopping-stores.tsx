import { IconBuildingStore } from '@tabler/icons-react'
import { paths } from '@/app/paths'
import { BackLink } from '@/components/BackLink'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { StoresSettings } from '@/features/shopping/components/StoresSettings'
import { useStrings } from '@/i18n/use-strings'

export default function ShoppingStoresPage() {
  const { t } = useStrings('shopping')
  usePageTitle(t('shopping.stores.title'))
  return (
    <>
      <BackLink to={paths.shoppingLists} label={t('pages.shoppingLists.title')} />
      <PageHeader
        title={t('shopping.stores.title')}
        description={t('shopping.stores.description')}
        icon={IconBuildingStore}
      />
      <StoresSettings />
    </>
  )
}
