import { PageSuspense } from '@/components/PageSuspense'
import { Button } from '@mantine/core'
import {
  IconArrowLeft,
  IconClockPlay,
  IconDatabaseExport,
  IconHome,
  IconListSearch,
  IconSettings,
  IconSparkles,
  IconTool,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'
import { AppFrame } from '@/components/app-frame/AppFrame'
import { UserMenu } from '@/features/auth/UserMenu'
import { LiveStatusIndicator } from '@/features/live/LiveUpdates'
import type { NavigationSection } from '@/components/app-frame/navigation'
import { paths } from '@/app/paths'

/** Administration: site settings, people and groups, backups, maintenance, background jobs and the debug tools. */
export default function AdminLayout() {
  const { t } = useTranslation()
  const sections = useCallback(
    (): NavigationSection[] => [
      {
        title: t('nav.administration'),
        links: [
          { label: t('pages.adminSiteSettings.title'), to: paths.adminSiteSettings, icon: IconSettings },
          { label: t('pages.adminUsers.title'), to: paths.adminUsers, icon: IconUsers },
          { label: t('pages.adminHouseholds.title'), to: paths.adminHouseholds, icon: IconHome },
          { label: t('pages.adminGroups.title'), to: paths.adminGroups, icon: IconUsersGroup },
          { label: t('pages.adminBackups.title'), to: paths.adminBackups, icon: IconDatabaseExport },
          { label: t('pages.adminMaintenance.title'), to: paths.adminMaintenance, icon: IconTool },
          { label: t('pages.adminJobs.title'), to: paths.adminJobs, icon: IconClockPlay },
        ],
      },
      {
        title: t('nav.debug'),
        links: [
          { label: t('pages.adminDebugOpenai.title'), to: paths.adminDebugOpenai, icon: IconSparkles },
          { label: t('pages.adminDebugParser.title'), to: paths.adminDebugParser, icon: IconListSearch },
        ],
      },
    ],
    [t],
  )
  const back = (
    <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={18} />} fullWidth>
      {t('nav.backToApp')}
    </Button>
  )
  return (
    <AppFrame sections={sections} userMenu={<UserMenu />} status={<LiveStatusIndicator />} navbarFooter={back}>
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </AppFrame>
  )
}
