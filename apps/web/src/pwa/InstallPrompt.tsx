import { Affix, Button, CloseButton, Group, Paper, Text, ThemeIcon } from '@mantine/core'
import { IconDeviceMobileDown } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { acceptInstallPrompt, cancelInstallPrompt, useInstallPrompt } from './install-prompt'

/** A small banner while the browser offers installation and the user has not declined. */
export function InstallPrompt() {
  const { t } = useTranslation()
  const state = useInstallPrompt()
  if (state !== 'shown') return null
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={150}>
      <Paper shadow="lg" radius="lg" p="sm" withBorder maw={480} mx="auto" data-testid="install-prompt">
        <Group wrap="nowrap" gap="sm">
          <ThemeIcon size="lg" radius="md" variant="light">
            <IconDeviceMobileDown size={20} />
          </ThemeIcon>
          <Text size="sm" style={{ flex: 1 }}>
            {t('pwa.installText')}
          </Text>
          <Button size="xs" onClick={() => void acceptInstallPrompt()}>
            {t('pwa.install')}
          </Button>
          <CloseButton aria-label={t('pwa.notNow')} onClick={cancelInstallPrompt} />
        </Group>
      </Paper>
    </Affix>
  )
}
