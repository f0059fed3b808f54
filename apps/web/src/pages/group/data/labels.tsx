import { IconTag } from '@tabler/icons-react'
import { LabelsTable } from '@/features/foods/components/LabelsTable'
import { DataPageHeader } from './DataPageHeader'

export default function DataLabelsPage() {
  return (
    <>
      <DataPageHeader page="dataLabels" icon={IconTag} />
      <LabelsTable />
    </>
  )
}
