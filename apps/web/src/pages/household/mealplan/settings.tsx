import '@/components/styles'
import { IconCalendarCog } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { BackLink } from '@/components/BackLink'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { paths } from '@/app/paths'
import { MealPlanSettingsPanels } from '@/features/mealplans/components/MealPlanSettings'

export default function MealPlanSettingsPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.mealplanSettings.title'))
  return (
    <>
      <BackLink to={paths.mealPlannerView} label={t('nav.mealPlanner')} />
      <PageHeader
        title={t('pages.mealplanSettings.title')}
        description={t('pages.mealplanSettings.description')}
        icon={IconCalendarCog}
      />
      <MealPlanSettingsPanels />
    </>
  )
}
