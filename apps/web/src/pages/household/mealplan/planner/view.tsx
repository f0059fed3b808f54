import '@/components/styles'
import { IconCalendar } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { WeekPlanner } from '@/features/mealplans/components/WeekPlanner'

export default function MealPlanViewPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.mealplanView.title'))
  if (!user) return null
  return (
    <>
      <PageHeader
        title={t('pages.mealplanView.title')}
        description={t('pages.mealplanView.description')}
        icon={IconCalendar}
      />
      <WeekPlanner mode="view" groupSlug={user.groupSlug} />
    </>
  )
}
