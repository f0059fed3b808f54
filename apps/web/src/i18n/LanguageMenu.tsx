import { ActionIcon, Menu, ScrollArea } from '@mantine/core'
import { MenuOnFirstOpen } from '@/components/MenuOnFirstOpen'
import { IconCheck, IconLanguage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { changeLocale } from './i18n'
import { locales } from './locales'

/** The header's language picker: an icon button opening the 42 locales, each in its own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation()
  return (
    <MenuOnFirstOpen
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('language.label')}
          title={t('language.label')}
        >
          <IconLanguage size={20} stroke={1.6} />
        </ActionIcon>
      }
    >
      <ScrollArea.Autosize mah={360} type="auto">
        {locales.map((locale) => {
          const current = locale.code === i18n.language
          return (
            <Menu.Item
              key={locale.code}
              lang={locale.code}
              aria-current={current || undefined}
              rightSection={current ? <IconCheck size={16} /> : null}
              onClick={() => void changeLocale(locale.code)}
            >
              {locale.name}
            </Menu.Item>
          )
        })}
      </ScrollArea.Autosize>
    </MenuOnFirstOpen>
  )
}
