import { IconWebhook } from '@tabler/icons-react'
import { EmptyPage } from '@/components/EmptyPage'

export default function WebhooksPage() {
  return <EmptyPage page="webhooks" icon={IconWebhook} />
}
