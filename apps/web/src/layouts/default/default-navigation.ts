import type { UserOut } from '@larder/contracts'
import type { TFunction } from 'i18next'
import {
  IconBell,
  IconBooks,
  IconCalendar,
  IconCategory,
  IconChefHat,
  IconDatabase,
  IconHome,
  IconShieldLock,
  IconShoppingCart,
  IconTags,
  IconTimeline,
  IconTools,
  IconTransfer,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
  IconZoomCheck,
} from '@tabler/icons-react'
import type { NavigationSection } from '@/components/app-frame/navigation'
import { paths } from '@/app/paths'

type NavigationUser = Pick<
  UserOut,
  'groupSlug' | 'admin' | 'advanced' | 'canManage' | 'canManageHousehold' | 'canOrganize'
>

/**
 * What a signed-out visitor may open of a public group (routes/group-routes.tsx's publicGroupRoutes): its recipes
 * and its organizers.
 */
export function visitorNavigation(groupSlug: string, t: TFunction): NavigationSection[] {
  const group = paths.group(groupSlug)
  return [
    {
      title: t('nav.recipes'),
      links: [{ label: t('nav.allRecipes'), to: group, icon: IconChefHat, exact: true }],
    },
    {
      title: t('nav.organize'),
      links: [
        { label: t('nav.categories'), to: `${group}/recipes/categories`, icon: IconCategory },
        { label: t('nav.tags'), to: `${group}/recipes/tags`, icon: IconTags },
        { label: t('nav.tools'), to: `${group}/recipes/tools`, icon: IconTools },
      ],
    },
  ]
}

/** The default layout's sections; a link appears only when its route's guards would let the user in. */
export function defaultNavigation(user: NavigationUser, t: TFunction): NavigationSection[] {
  const group = paths.group(user.groupSlug)
  const sections: NavigationSection[] = [
    {
      title: t('nav.recipes'),
      links: [
        { label: t('nav.allRecipes'), to: group, icon: IconChefHat, exact: true },
        { label: t('nav.finder'), to: `${group}/recipes/finder`, icon: IconZoomCheck },
        { label: t('nav.timeline'), to: `${group}/recipes/timeline`, icon: IconTimeline },
        { label: t('nav.cookbooks'), to: `${group}/cookbooks`, icon: IconBooks },
      ],
    },
    {
      title: t('nav.organize'),
      links: [
        { label: t('nav.categories'), to: `${group}/recipes/categories`, icon: IconCategory },
        { label: t('nav.tags'), to: `${group}/recipes/tags`, icon: IconTags },
        { label: t('nav.tools'), to: `${group}/recipes/tools`, icon: IconTools },
      ],
    },
    {
      title: t('nav.planning'),
      links: [
        { label: t('nav.mealPlanner'), to: paths.mealPlanner, icon: IconCalendar },
        { label: t('nav.shoppingLists'), to: paths.shoppingLists, icon: IconShoppingCart },
      ],
    },
  ]
  const household: NavigationSection = { title: t('nav.household'), links: [] }
  if (user.canManageHousehold) {
    household.links.push(
      { label: t('nav.householdSettings'), to: paths.household, icon: IconHome, exact: true },
      { label: t('nav.members'), to: paths.householdMembers, icon: IconUsers },
    )
  }
  if (user.advanced) {
    household.links.push(
      { label: t('nav.notifiers'), to: paths.householdNotifiers, icon: IconBell },
      { label: t('nav.webhooks'), to: paths.householdWebhooks, icon: IconWebhook },
    )
  }
  if (household.links.length > 0) sections.push(household)
  const groupSection: NavigationSection = { title: t('nav.group'), links: [] }
  if (user.canManage)
    groupSection.links.push({
      label: t('nav.groupSettings'),
      to: paths.groupSettings,
      icon: IconUsersGroup,
      exact: true,
    })
  if (user.canOrganize)
    groupSection.links.push({ label: t('nav.dataManagement'), to: paths.groupData, icon: IconDatabase })
  if (user.advanced)
    groupSection.links.push({ label: t('nav.migrations'), to: paths.groupMigrations, icon: IconTransfer })
  if (groupSection.links.length > 0) sections.push(groupSection)
  if (user.admin) {
    sections.push({
      title: t('nav.administration'),
      links: [{ label: t('nav.admin'), to: paths.adminSiteSettings, icon: IconShieldLock }],
    })
  }
  return sections
}
