import '@/components/styles'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { WeekPlanner } from '@/features/mealplans/components/WeekPlanner'

export default function MealPlanEditPage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('pages.mealplanEdit.title'))
  if (!user) return null
  return <WeekPlanner mode="edit" groupSlug={user.groupSlug} />
}
