import { PageSuspense } from '@/components/PageSuspense'
import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useMatch } from 'react-router'
import { AppFrame } from '@/components/app-frame/AppFrame'
import { UserMenu } from '@/features/auth/UserMenu'
import { LiveStatusIndicator } from '@/features/live/LiveUpdates'
import { useAuth } from '@/features/auth/app-session'
import { defaultNavigation, visitorNavigation } from './default-navigation'
import { paths } from '@/app/paths'

/**
 * The signed-in layout: recipes, planning, household, group and (for admins) administration. A signed-out visitor of
 * a public group gets the group's recipes and organizers, and "Login" in place of the user menu.
 */
export default function DefaultLayout() {
  const { t } = useTranslation()
  const { user } = useAuth()
  const visitedGroup = useMatch('/g/:groupSlug/*')?.params.groupSlug
  const sections = useCallback(
    () => (user ? defaultNavigation(user, t) : visitedGroup ? visitorNavigation(visitedGroup, t) : []),
    [user, visitedGroup, t],
  )
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
    <AppFrame sections={sections} userMenu={<UserMenu />} status={<LiveStatusIndicator />} navbarFooter={createButton}>
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </AppFrame>
  )
}
