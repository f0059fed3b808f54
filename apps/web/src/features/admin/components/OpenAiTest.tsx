import { Alert, Button, CloseButton, FileButton, Group, Paper, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconPhotoPlus, IconPlayerPlay } from '@tabler/icons-react'
import { useState } from 'react'
import { ApiError, NetworkError } from '@/api/api-error'
import { useStrings } from '@/i18n/use-strings'
import { useTestOpenAI } from '@/features/admin/api/debug'

/**
 * The administrators' test of the OpenAI provider (spec: /admin/debug/openai): an optional picture, "Run test", and
 * the server's sentence on whether the provider answered. `enabled` and `imagesEnabled` come from the app facts, to
 * say beforehand what the server will answer.
 */
export function OpenAiTest(props: { enabled: boolean; imagesEnabled: boolean }) {
  const { t } = useStrings('admin-debug')
  const [image, setImage] = useState<File | null>(null)
  const test = useTestOpenAI()

  function run(event: React.FormEvent) {
    event.preventDefault()
    test.mutate(image)
  }

  const failure = test.error instanceof ApiError || test.error instanceof NetworkError ? test.error.message : null
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={720}>
      <form noValidate onSubmit={run}>
        <Stack gap="md">
          {!props.enabled && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              {/* The setting's name is one long word: it may break anywhere on a phone. */}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('openai.off')}
              </Text>
            </Alert>
          )}
          {props.enabled && !props.imagesEnabled && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              {/* The setting's name is one long word: it may break anywhere on a phone. */}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('openai.imagesOff')}
              </Text>
            </Alert>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('openai.image')}
            </Text>
            <Group gap="xs">
              <FileButton
                accept="image/png,image/jpeg,image/webp,image/heic,image/heif"
                onChange={(chosen) => setImage(chosen)}
                disabled={test.isPending}
              >
                {(buttonProps) => (
                  <Button {...buttonProps} variant="light" leftSection={<IconPhotoPlus size={16} />}>
                    {t('openai.choose')}
                  </Button>
                )}
              </FileButton>
              {image && (
                <Group gap={4} wrap="nowrap" miw={0}>
                  <Text size="sm" truncate>
                    {image.name}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('openai.clear', { name: image.name })}
                    disabled={test.isPending}
                    onClick={() => setImage(null)}
                  />
                </Group>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('openai.imageHint')}
            </Text>
          </Stack>
          <Button
            type="submit"
            loading={test.isPending}
            leftSection={<IconPlayerPlay size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('openai.run')}
          </Button>
          {test.data && (
            <Alert
              role="status"
              color={test.data.success ? 'success' : 'error'}
              variant="light"
              icon={test.data.success ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
              title={test.data.success ? t('openai.working') : t('openai.failed')}
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {test.data.response}
              </Text>
            </Alert>
          )}
          {failure && (
            <Alert role="alert" color="error" variant="light" icon={<IconAlertTriangle size={18} />}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {failure}
              </Text>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  )
}
