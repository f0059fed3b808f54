import { PageSuspense } from '@/components/PageSuspense'
import { Anchor, Box, Container, Group } from '@mantine/core'
import { Link, Outlet } from 'react-router'
import { Logo } from '@/components/Logo'
import { LanguageMenu } from '@/i18n/LanguageMenu'
import { ThemeToggle } from '@/theme/ThemeToggle'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/ScrollArea.css'

/** A slim header with the logo and the two toggles: password reset pages and shared recipes. */
export default function BasicLayout() {
  return (
    <Box mih="100dvh">
      <Box component="header" py="sm" px="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between" maw={1280} mx="auto">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Larder">
            <Logo size={28} />
          </Anchor>
          <Group gap={4}>
            <LanguageMenu />
            <ThemeToggle />
          </Group>
        </Group>
      </Box>
      <Container component="main" size="md" py="xl">
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </Container>
    </Box>
  )
}
