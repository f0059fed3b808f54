import { IconLockOpen } from '@tabler/icons-react'
import { EmptyPage } from '../components/EmptyPage'

export default function ResetPasswordPage() {
  return <EmptyPage page="resetPassword" icon={IconLockOpen} />
}
