import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useId, type ReactNode } from 'react'

/** One titled part of the editor, a landmark screen readers can jump to. */
export function EditorSection(props: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="lg" id={id}>
              {props.title}
            </Title>
            {props.description && (
              <Text size="xs" c="dimmed">
                {props.description}
              </Text>
            )}
          </Stack>
          {props.actions && (
            <Group gap="xs" wrap="wrap">
              {props.actions}
            </Group>
          )}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  )
}
