import { PageSuspense } from '@/components/PageSuspense'
import { IconCalendar, IconCalendarEvent } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { SubpageTabs } from '@/components/SubpageTabs'
import { paths } from '@/app/paths'

/** The meal planner's two tabs: the week as planned, and editing it. */
export default function MealPlannerLayout() {
  const { t } = useTranslation()
  return (
    <>
      <SubpageTabs
        label={t('nav.mealPlanner')}
        keepSearch
        subpages={[
          { label: t('pages.mealplanView.title'), to: paths.mealPlannerView, icon: IconCalendar },
          { label: t('pages.mealplanEdit.title'), to: paths.mealPlannerEdit, icon: IconCalendarEvent },
        ]}
      />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </>
  )
}
