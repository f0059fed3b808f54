import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export function PageHeader(props: { title: string; description?: string; icon?: Icon; actions?: ReactNode }) {
  const { icon: PageIcon } = props
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {PageIcon && (
          <ThemeIcon size={44} radius="md" variant="light">
            <PageIcon size={26} stroke={1.6} />
          </ThemeIcon>
        )}
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {props.title}
          </Title>
          {props.description && (
            <Text c="dimmed" size="sm" maw={720}>
              {props.description}
            </Text>
          )}
        </Stack>
      </Group>
      {props.actions}
    </Group>
  )
}
