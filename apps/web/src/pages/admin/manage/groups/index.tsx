import '@/components/styles'
import { IconUsersGroup } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { GroupsTable } from '@/features/admin/components/GroupsTable'

export default function AdminGroupsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.adminGroups.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminGroups.title')}
        description={t('pages.adminGroups.description')}
        icon={IconUsersGroup}
      />
      <GroupsTable />
    </>
  )
}
