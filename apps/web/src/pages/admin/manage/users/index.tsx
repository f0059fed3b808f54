import '@/components/styles'
import { IconUsers } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { UsersTable } from '@/features/admin/components/UsersTable'

export default function AdminUsersPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.adminUsers.title'))
  return (
    <>
      <PageHeader
        title={t('pages.adminUsers.title')}
        description={t('pages.adminUsers.description')}
        icon={IconUsers}
      />
      <UsersTable />
    </>
  )
}
