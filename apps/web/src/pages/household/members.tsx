import '@/components/styles'
import { IconUsers } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { MembersList } from '@/features/households/components/MembersList'
import { avatarUrl } from '@/features/users/api/profile'

export default function MembersPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.members.title'))
  if (!user) return null
  return (
    <>
      <PageHeader title={t('pages.members.title')} description={t('pages.members.description')} icon={IconUsers} />
      <MembersList self={user} avatarOf={avatarUrl} />
    </>
  )
}
