import { PageSuspense } from '@/components/PageSuspense'
import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'
import { AppFrame } from '@/components/app-frame/AppFrame'
import { UserMenu } from '@/features/auth/UserMenu'
import { useAuth } from '@/features/auth/app-session'
import { defaultNavigation } from './default-navigation'
import { paths } from '@/routes/paths'

/** The signed-in layout: recipes, planning, household, group and (for admins) administration. */
export default function DefaultLayout() {
  const { t } = useTranslation()
  const { user } = useAuth()
  const sections = useCallback(() => (user ? defaultNavigation(user, t) : []), [user, t])
  const createButton = user && (
    <Button
      component={Link}
      to={paths.recipeCreate(user.groupSlug)}
      leftSection={<IconPlus size={18} />}
      fullWidth
      radius="md"
    >
      {t('nav.createRecipe')}
    </Button>
  )
  return (
    <AppFrame sections={sections} userMenu={<UserMenu />} navbarFooter={createButton}>
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </AppFrame>
  )
}
