import '@/components/styles'
import { IconChefHat } from '@tabler/icons-react'
import { useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { RecipeFinder } from '@/features/recipe-pages/components/RecipeFinder'
import { useStrings } from '@/i18n/use-strings'

export default function RecipeFinderPage() {
  const { t } = useStrings('recipe-pages')
  const { groupSlug = '' } = useParams()
  const title = t('pages.finder.title')
  usePageTitle(title)
  return (
    <>
      <PageHeader title={title} description={t('pages.finder.description')} icon={IconChefHat} />
      <RecipeFinder groupSlug={groupSlug} />
    </>
  )
}
