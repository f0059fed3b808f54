import { IconCalendarCog } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function MealPlanSettingsPage() {
  return <EmptyPage page="mealplanSettings" icon={IconCalendarCog} />
}
