import { PageSuspense } from '@/components/PageSuspense'
import { useTranslation } from 'react-i18next'
import { Outlet, useParams } from 'react-router'
import { SubpageTabs } from '@/components/SubpageTabs'
import { useAuth } from '@/features/auth/app-session'
import { createMethods } from './create-methods'

export default function CreateRecipeLayout() {
  const { t } = useTranslation()
  const { groupSlug = '' } = useParams()
  const { user } = useAuth()
  return (
    <>
      <SubpageTabs
        label={t('pages.createRecipe.title')}
        subpages={createMethods(groupSlug, user?.advanced ?? false, t)}
      />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </>
  )
}
