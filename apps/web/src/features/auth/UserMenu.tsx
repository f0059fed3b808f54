import { Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { MenuOnFirstOpen } from '@/components/MenuOnFirstOpen'
import {
  IconChevronDown,
  IconLogin2,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useOfflineWritesScope } from '@/api/offline/use-offline-writes'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { session, useAuth } from './app-session'
import { loginPathFor } from './redirects'
import { paths } from '@/app/paths'

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?'
  )
}

/**
 * A signed-out visitor reading a public group's pages signs in here, and comes back to the page afterwards (Mealie's
 * explore pages show "Login" in the same place).
 */
function VisitorSignIn() {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <Button
      component={Link}
      to={loginPathFor(location)}
      variant="default"
      leftSection={<IconLogin2 size={16} aria-hidden="true" />}
      data-testid="visitor-sign-in"
    >
      {t('login.submit')}
    </Button>
  )
}

export function UserMenu() {
  const { t } = useTranslation()
  const { user } = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const offlineWrites = useOfflineWritesScope()
  if (!user) return <VisitorSignIn />
  const name = user.fullName || user.username || user.email

  async function signOut() {
    try {
      // This person's waiting writes and kept lists leave the device with them.
      await offlineWrites?.forget().catch(() => undefined)
      await session.signOut()
    } finally {
      // Everything cached belonged to this user; the app-wide answers (about, theme) stay.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app' })
      await navigate(paths.login)
    }
  }

  return (
    <MenuOnFirstOpen
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      target={
        <UnstyledButton data-testid="user-menu" px={4} py={2}>
          {/* The button's name is its text, "User menu": the initials beside it picture the person and are no label
              (an aria-label that differs from the visible text fails WCAG 2.5.3, label in name). */}
          <VisuallyHidden>{t('user.menu')}</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden>
            <Avatar radius="xl" size={34} color="primary" variant="filled">
              {initialsOf(name)}
            </Avatar>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      }
    >
      <Menu.Label>
        <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {user.email}
        </Text>
      </Menu.Label>
      <Menu.Divider />
      <Menu.Item component={Link} to={paths.profile} leftSection={<IconUserCircle size={16} />}>
        {t('user.profile')}
      </Menu.Item>
      {user.canManageHousehold && (
        <Menu.Item component={Link} to={paths.household} leftSection={<IconSettings size={16} />}>
          {t('nav.householdSettings')}
        </Menu.Item>
      )}
      {user.admin && (
        <Menu.Item component={Link} to={paths.adminSiteSettings} leftSection={<IconShieldLock size={16} />}>
          {t('nav.admin')}
        </Menu.Item>
      )}
      <Menu.Divider />
      <Menu.Item color="error" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
        {t('user.logout')}
      </Menu.Item>
    </MenuOnFirstOpen>
  )
}
