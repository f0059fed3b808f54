import '@/components/styles'
import { IconUserPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { CreateUser } from '@/features/admin/components/CreateUser'
import { useAuth } from '@/features/auth/app-session'
import { BackLink } from '@/components/BackLink'
import { paths } from '@/app/paths'

export default function AdminUserCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useAuth()
  usePageTitle(t('pages.adminUserCreate.title'))
  return (
    <>
      <BackLink to={paths.adminUsers} label={t('pages.adminUsers.title')} />
      <PageHeader
        title={t('pages.adminUserCreate.title')}
        description={t('pages.adminUserCreate.description')}
        icon={IconUserPlus}
      />
      <CreateUser
        defaultGroup={user?.group}
        defaultHousehold={user?.household ?? undefined}
        onCreated={(id) => void navigate(paths.adminUser(id))}
      />
    </>
  )
}
