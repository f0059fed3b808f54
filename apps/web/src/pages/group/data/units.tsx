import { IconRuler2 } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function DataUnitsPage() {
  return <EmptyPage page="dataUnits" icon={IconRuler2} />
}
