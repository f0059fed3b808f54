import { IconCalendar } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function MealPlanViewPage() {
  return <EmptyPage page="mealplanView" icon={IconCalendar} />
}
