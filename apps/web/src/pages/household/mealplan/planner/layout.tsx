import { PageSuspense } from '@/components/PageSuspense'
import { IconCalendar, IconCalendarEvent } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { SubpageTabs } from '@/components/SubpageTabs'

/** The meal planner's two tabs: the week as planned, and editing it. */
export default function MealPlannerLayout() {
  const { t } = useTranslation()
  return (
    <>
      <SubpageTabs
        label={t('nav.mealPlanner')}
        subpages={[
          { label: t('pages.mealplanView.title'), to: '/household/mealplan/planner/view', icon: IconCalendar },
          { label: t('pages.mealplanEdit.title'), to: '/household/mealplan/planner/edit', icon: IconCalendarEvent },
        ]}
      />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </>
  )
}
