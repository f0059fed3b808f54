import { PageSuspense } from '@/components/PageSuspense'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { SubpageTabs } from '@/components/SubpageTabs'
import { dataTypes } from './data-types'

export default function DataManagementLayout() {
  const { t } = useTranslation()
  return (
    <>
      <SubpageTabs label={t('pages.dataManagement.title')} subpages={dataTypes(t)} />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </>
  )
}
