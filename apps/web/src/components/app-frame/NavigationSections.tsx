import { Box, NavLink, Stack, Text } from '@mantine/core'
import { Link, useLocation } from 'react-router'
import { isLinkActive, type NavigationSection } from './navigation'

export function NavigationSections({ sections }: { sections: NavigationSection[] }) {
  const { pathname } = useLocation()
  return (
    <Stack gap="md">
      {sections.map((section, index) => (
        <Box key={section.title ?? index}>
          {section.title && (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4} style={{ letterSpacing: '0.06em' }}>
              {section.title}
            </Text>
          )}
          {section.links.map((link) => {
            const LinkIcon = link.icon
            const active = isLinkActive(link, pathname)
            return (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={<LinkIcon size={20} stroke={1.6} />}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            )
          })}
        </Box>
      ))}
    </Stack>
  )
}
