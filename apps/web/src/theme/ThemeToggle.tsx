import { ActionIcon } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ColorSchemeIcon } from './ColorSchemeIcon'
import { colorSchemeStore, useColorScheme } from './color-scheme-store'

export function ThemeToggle() {
  const { t } = useTranslation()
  const scheme = useColorScheme()
  const label = t('theme.toggle')
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-color-scheme={scheme}
      onClick={() => colorSchemeStore().toggle()}
    >
      <ColorSchemeIcon scheme={scheme} />
    </ActionIcon>
  )
}
