import '@/components/styles'
import { IconCalendarEvent } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { WeekPlanner } from '@/features/mealplans/components/WeekPlanner'

export default function MealPlanEditPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  // "Edit" alone says nothing in a tab or a heading: "Meal planner: Edit".
  const title = `${t('nav.mealPlanner')}: ${t('pages.mealplanEdit.title')}`
  usePageTitle(title)
  if (!user) return null
  return (
    <>
      <PageHeader title={title} description={t('pages.mealplanEdit.description')} icon={IconCalendarEvent} />
      <WeekPlanner mode="edit" groupSlug={user.groupSlug} />
    </>
  )
}
