import { Anchor, Group } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'

/** "← Users" above an administration detail page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="sm" display="inline-block">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {label}
      </Group>
    </Anchor>
  )
}
