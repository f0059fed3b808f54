import { Button, Group } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import { Link, useLocation } from 'react-router'

export interface Subpage {
  label: string
  to: string
  icon: Icon
}

/**
 * A row of links between the sub-pages of one area (recipe creation, data management, meal planner). On a narrow
 * screen the row wraps onto more lines: a row that scrolled sideways with no scrollbar showed a cut-off last tab
 * ("Import a zi") and gave no hint that more tabs followed.
 */
export function SubpageTabs({
  subpages,
  label,
  keepSearch = false,
}: {
  subpages: Subpage[]
  label: string
  /** Carry the address's query to the other tab (the meal planner's `?week=` stays when switching view and edit). */
  keepSearch?: boolean
}) {
  const { pathname, search } = useLocation()
  return (
    <Group component="nav" aria-label={label} gap="xs" wrap="wrap" mb="lg">
      {subpages.map((subpage) => {
        const active = pathname === subpage.to
        const SubpageIcon = subpage.icon
        return (
          <Button
            key={subpage.to}
            component={Link}
            to={keepSearch ? { pathname: subpage.to, search } : subpage.to}
            size="xs"
            radius="xl"
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
            leftSection={<SubpageIcon size={16} />}
            style={{ flexShrink: 0 }}
          >
            {subpage.label}
          </Button>
        )
      })}
    </Group>
  )
}
