import '@/components/styles'
import { IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { UserDetail } from '@/features/admin/components/UserDetail'
import { useAuth } from '@/features/auth/app-session'
import { BackLink } from '@/components/BackLink'
import { paths } from '@/app/paths'

export default function AdminUserPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { user } = useAuth()
  usePageTitle(t('pages.adminUser.title'))
  return (
    <>
      <BackLink to={paths.adminUsers} label={t('pages.adminUsers.title')} />
      <PageHeader title={t('pages.adminUser.title')} description={t('pages.adminUser.description')} icon={IconUser} />
      <UserDetail
        key={id}
        id={id}
        selfId={user?.id ?? ''}
        origin={window.location.origin}
        onDeleted={() => void navigate(paths.adminUsers)}
      />
    </>
  )
}
