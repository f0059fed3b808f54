import { Progress, Stack, Text } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'

/** How much of the upload has gone (a bar), then that the server is reading it (a moving bar). */
export function UploadProgress({ share }: { share: number | null }) {
  const { t } = useStrings('recipe-import')
  const sent = share !== null && share >= 1
  const label =
    share === null || sent ? t('upload.processing') : t('upload.sending', { percent: Math.round(share * 100) })
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Progress
        value={share === null || sent ? 100 : share * 100}
        animated={share === null || sent}
        aria-label={label}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  )
}
