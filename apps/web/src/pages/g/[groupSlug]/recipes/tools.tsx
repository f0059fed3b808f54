import { IconTools } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { OrganizerIndex } from '@/features/organizers/components/OrganizerIndex'

export default function ToolsPage() {
  const { t } = useTranslation()
  const { groupSlug = '' } = useParams()
  const { user } = useAuth()
  const title = t('pages.tools.title')
  usePageTitle(title)
  return (
    <>
      <PageHeader title={title} description={t('pages.tools.description')} icon={IconTools} />
      <OrganizerIndex kind="tools" groupSlug={groupSlug} canOrganize={Boolean(user?.canOrganize)} />
    </>
  )
}
