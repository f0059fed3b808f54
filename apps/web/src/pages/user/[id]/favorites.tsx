import '@/components/styles'
import { IconHeart } from '@tabler/icons-react'
import { useParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { useAuth } from '@/features/auth'
import { Favorites } from '@/features/recipe-pages/components/Favorites'
import { useStrings } from '@/i18n/use-strings'

export default function FavoritesPage() {
  const { t } = useStrings('recipe-pages')
  const { id = '' } = useParams()
  const { user } = useAuth()
  const title = t('pages.favorites.title')
  usePageTitle(title)
  return (
    <>
      <PageHeader title={title} description={t('pages.favorites.description')} icon={IconHeart} />
      <Favorites
        userId={id}
        groupSlug={user?.groupSlug ?? ''}
        canEdit={Boolean(user && (user.id === id || user.admin))}
      />
    </>
  )
}
