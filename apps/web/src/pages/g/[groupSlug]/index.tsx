import { IconChefHat } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { RecipeExplorer } from '@/features/recipes/components/explorer/RecipeExplorer'

/** The group's recipes: the recipe explorer. */
export default function GroupHomePage() {
  const { t } = useTranslation()
  const { groupSlug = '' } = useParams()
  usePageTitle(t('pages.groupHome.title'))
  return (
    <>
      <PageHeader title={t('pages.groupHome.title')} icon={IconChefHat} />
      <RecipeExplorer groupSlug={groupSlug} />
    </>
  )
}
