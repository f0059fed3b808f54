import '@/components/styles'
import { IconUsersGroup } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { GroupSettings } from '@/features/groups/components/GroupSettings'

export default function GroupSettingsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.group.title'))
  return (
    <>
      <PageHeader title={t('pages.group.title')} description={t('pages.group.description')} icon={IconUsersGroup} />
      <GroupSettings />
    </>
  )
}
