import { IconUserPlus } from '@tabler/icons-react'
import { EmptyPage } from '../components/EmptyPage'

export default function RegisterPage() {
  return <EmptyPage page="register" icon={IconUserPlus} />
}
