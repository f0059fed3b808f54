import { Anchor, AppShell, Burger, Group, ScrollArea, useMantineTheme } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { LanguageMenu } from '@/i18n/LanguageMenu'
import { InstallPrompt } from '@/pwa/InstallPrompt'
import { ThemeToggle } from '@/theme/ThemeToggle'
import { Logo } from '@/components/Logo'
import { NavigationSections } from './NavigationSections'
import type { NavigationSection } from './navigation'
import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/NavLink.css'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Affix.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Table.css'

/**
 * The page's column. It sets AppShell's transition variable for itself: AppShell sets it on its root, for the header,
 * navbar and main, and changes it while the window is resized and once after the shell mounts (`data-resizing`);
 * inherited, each change restyled every element of the page, a task of 30 to 60 ms with a long recipe at a phone's
 * speed (the local build's time to interactive, docs/budgets.md "Web budgets"). Nothing on the page uses it.
 */
const pageStyle = { maxWidth: 1400, marginInline: 'auto', '--app-shell-transition-duration': '0ms' } as CSSProperties

/**
 * The signed-in frame (default and admin layouts): header with logo, language, theme and user menu; a navbar that
 * is a fixed column from lg (1280 px) up and a burger drawer below it (mobile, docs/web.md "Breakpoints").
 */
export function AppFrame(props: {
  /** The navbar's sections, asked for when the navbar is first shown. */
  sections: () => NavigationSection[]
  /** The signed-in user's menu (features/auth/UserMenu), given by the layout: shared pieces import no feature. */
  userMenu: ReactNode
  /** Quiet signs before the menus, such as live updates being late. */
  status?: ReactNode
  navbarFooter?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [opened, { toggle, close }] = useDisclosure(false)
  const { pathname } = useLocation()
  useEffect(close, [pathname, close])
  const theme = useMantineTheme()
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false })
  // Below lg the navbar is a drawer, closed until the burger opens it: its links are drawn when it first shows, and
  // kept from then on (the drawer slides out with them). On a phone they were a good part of the frame's first render,
  // and their scroll area measured itself in it (one long task with the page, Lighthouse's blocking time, docs/budgets.md "Web budgets").
  const [navigationDrawn, setNavigationDrawn] = useState(false)
  if ((opened || wide) && !navigationDrawn) setNavigationDrawn(true)
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label={t('nav.toggleNavigation')} />
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Larder">
              <Logo size={30} />
            </Anchor>
          </Group>
          <Group gap={4} wrap="nowrap">
            {props.status}
            <LanguageMenu />
            <ThemeToggle />
            {props.userMenu}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        {navigationDrawn && (
          <>
            <AppShell.Section grow component={ScrollArea} type="scroll">
              <Navigation sections={props.sections} />
            </AppShell.Section>
            {props.navbarFooter && <AppShell.Section pt="sm">{props.navbarFooter}</AppShell.Section>}
          </>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <div style={pageStyle}>{props.children}</div>
        <InstallPrompt />
      </AppShell.Main>
    </AppShell>
  )
}

function Navigation(props: { sections: () => NavigationSection[] }) {
  const sections = useMemo(() => props.sections(), [props])
  return <NavigationSections sections={sections} />
}
