import '@/components/styles'
import { IconBooks } from '@tabler/icons-react'
import { useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { CookbookManager } from '@/features/recipe-pages/components/CookbookManager'
import { useStrings } from '@/i18n/use-strings'

export default function CookbooksPage() {
  const { t } = useStrings('recipe-pages')
  const { groupSlug = '' } = useParams()
  const title = t('pages.cookbooks.title')
  usePageTitle(title)
  return (
    <>
      <PageHeader title={title} description={t('pages.cookbooks.description')} icon={IconBooks} />
      <CookbookManager groupSlug={groupSlug} />
    </>
  )
}
