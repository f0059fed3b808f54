import { IconUserEdit } from '@tabler/icons-react'
import { EmptyPage } from '../../../components/EmptyPage'

export default function EditProfilePage() {
  return <EmptyPage page="profileEdit" icon={IconUserEdit} />
}
