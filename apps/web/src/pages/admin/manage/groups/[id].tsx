import '@/components/styles'
import { IconUsersGroup } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { GroupDetail } from '@/features/admin/components/GroupDetail'
import { BackLink } from '@/components/BackLink'
import { paths } from '@/app/paths'

export default function AdminGroupPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  usePageTitle(t('pages.adminGroup.title'))
  return (
    <>
      <BackLink to={paths.adminGroups} label={t('pages.adminGroups.title')} />
      <PageHeader
        title={t('pages.adminGroup.title')}
        description={t('pages.adminGroup.description')}
        icon={IconUsersGroup}
      />
      <GroupDetail key={id} id={id} onDeleted={() => void navigate(paths.adminGroups)} />
    </>
  )
}
