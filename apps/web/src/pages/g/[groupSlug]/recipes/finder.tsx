import { IconZoomCheck } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function RecipeFinderPage() {
  return <EmptyPage page="finder" icon={IconZoomCheck} />
}
