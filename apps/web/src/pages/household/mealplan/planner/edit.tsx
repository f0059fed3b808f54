import { IconCalendarEvent } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function MealPlanEditPage() {
  return <EmptyPage page="mealplanEdit" icon={IconCalendarEvent} />
}
