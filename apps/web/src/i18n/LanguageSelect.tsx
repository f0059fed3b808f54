import { NativeSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { changeLocale } from './i18n'
import { isLocaleCode, locales } from './locales'

/** The sign-in page's language picker: a native select, light enough for the first page load. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  return (
    <NativeSelect
      aria-label={t('language.label')}
      data-testid="language-select"
      size="xs"
      w={190}
      value={i18n.language}
      data={locales.map((locale) => ({ value: locale.code, label: locale.name }))}
      onChange={(event) => {
        const value = event.currentTarget.value
        if (isLocaleCode(value)) void changeLocale(value)
      }}
    />
  )
}
