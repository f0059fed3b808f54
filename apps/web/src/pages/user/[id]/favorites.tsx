import { IconHeart } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function FavoritesPage() {
  return <EmptyPage page="favorites" icon={IconHeart} />
}
