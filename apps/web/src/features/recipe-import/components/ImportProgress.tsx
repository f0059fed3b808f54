import { Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'

/** What the server has done so far (the stream's progress events), the latest step with a spinner. */
export function ImportProgress({ messages }: { messages: string[] }) {
  const { t } = useStrings('recipe-import')
  const steps = messages.length > 0 ? messages : [t('progress.starting')]
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-live="polite" aria-label={t('progress.label')}>
      <Stack gap={6}>
        {steps.map((message, index) => {
          const last = index === steps.length - 1
          return (
            <Group key={index} gap="xs" wrap="nowrap">
              {last ? <Loader size={14} /> : <IconCheck size={14} color="var(--mantine-color-success-filled)" />}
              <Text size="sm" c={last ? undefined : 'dimmed'}>
                {message}
              </Text>
            </Group>
          )
        })}
      </Stack>
    </Paper>
  )
}
