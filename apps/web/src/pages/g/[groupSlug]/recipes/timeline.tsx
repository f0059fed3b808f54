import '@/components/styles'
import { IconTimeline } from '@tabler/icons-react'
import { useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { Timeline } from '@/features/recipe-pages/components/Timeline'
import { useStrings } from '@/i18n/use-strings'

export default function TimelinePage() {
  const { t } = useStrings('recipe-pages')
  const { groupSlug = '' } = useParams()
  const { user } = useAuth()
  const title = t('pages.timeline.title')
  usePageTitle(title)
  return (
    <>
      <PageHeader title={title} description={t('pages.timeline.description')} icon={IconTimeline} />
      <Timeline groupSlug={groupSlug} groupId={user?.groupId ?? ''} userId={user?.id ?? ''} />
    </>
  )
}
