import { IconSettings } from '@tabler/icons-react'
import { EmptyPage } from '../../components/EmptyPage'

export default function SiteSettingsPage() {
  return <EmptyPage page="adminSiteSettings" icon={IconSettings} />
}
