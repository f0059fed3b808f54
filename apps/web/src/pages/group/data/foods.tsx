import { IconCarrot } from '@tabler/icons-react'
import { FoodsTable } from '@/features/foods/components/FoodsTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataFoodsPage() {
  return (
    <>
      <DataPageHeader page="dataFoods" icon={IconCarrot} />
      <FoodsTable />
    </>
  )
}
