import { IconCarrot } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataFoodsPage() {
  return <EmptyPage page="dataFoods" icon={IconCarrot} />
}
