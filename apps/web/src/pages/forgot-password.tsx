import { IconKey } from '@tabler/icons-react'
import { EmptyPage } from '../components/EmptyPage'

export default function ForgotPasswordPage() {
  return <EmptyPage page="forgotPassword" icon={IconKey} />
}
