import '@/components/styles'
import { Stack } from '@mantine/core'
import { IconUserCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth/app-session'
import { HouseholdStatistics } from '@/features/households/components/HouseholdStatistics'
import { InvitePanel } from '@/features/households/components/InvitePanel'
import { ProfileHeader } from '@/features/users/components/ProfileHeader'
import { ProfileLinks } from '@/features/users/components/ProfileLinks'

/** The profile dashboard: who you are, your household in numbers, an invitation link, and where to go next. */
export default function ProfilePage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.profile.title'))
  if (!user) return null
  return (
    <>
      <PageHeader title={t('pages.profile.title')} description={t('pages.profile.description')} icon={IconUserCircle} />
      <Stack gap="lg">
        <ProfileHeader user={user} />
        {user.canInvite && <InvitePanel origin={window.location.origin} />}
        <HouseholdStatistics />
        <ProfileLinks user={user} />
      </Stack>
    </>
  )
}
