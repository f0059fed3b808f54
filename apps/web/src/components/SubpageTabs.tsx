import { Button, Group, ScrollArea } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import { Link, useLocation } from 'react-router'

export interface Subpage {
  label: string
  to: string
  icon: Icon
}

/** A row of links between the sub-pages of one area (recipe creation, data management, meal planner). */
export function SubpageTabs({ subpages, label }: { subpages: Subpage[]; label: string }) {
  const { pathname } = useLocation()
  return (
    <ScrollArea type="never" mb="lg">
      <Group component="nav" aria-label={label} gap="xs" wrap="nowrap">
        {subpages.map((subpage) => {
          const active = pathname === subpage.to
          const SubpageIcon = subpage.icon
          return (
            <Button
              key={subpage.to}
              component={Link}
              to={subpage.to}
              size="xs"
              radius="xl"
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
              leftSection={<SubpageIcon size={16} />}
              // In a row that scrolls sideways each tab keeps its whole label rather than shrinking to its icon.
              style={{ flexShrink: 0 }}
            >
              {subpage.label}
            </Button>
          )
        })}
      </Group>
    </ScrollArea>
  )
}
