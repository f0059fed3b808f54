import { IconShare } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function SharedRecipePage() {
  return <EmptyPage page="sharedRecipe" icon={IconShare} />
}
