import { IconRuler2 } from '@tabler/icons-react'
import { UnitsTable } from '@/features/foods/components/UnitsTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataUnitsPage() {
  return (
    <>
      <DataPageHeader page="dataUnits" icon={IconRuler2} />
      <UnitsTable />
    </>
  )
}
