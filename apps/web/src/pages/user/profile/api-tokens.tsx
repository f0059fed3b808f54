import { IconApi } from '@tabler/icons-react'
import { EmptyPage } from '../../../components/EmptyPage'

export default function ApiTokensPage() {
  return <EmptyPage page="apiTokens" icon={IconApi} />
}
