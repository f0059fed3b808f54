import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { initTestI18n } from '@/test/shell'
import { changeLocale } from './i18n'
import { withSection } from './sections'

describe('string sections loaded with their routes', () => {
  it('resolves a page chunk with its strings, and brings them along when the language changes', async () => {
    await initTestI18n()
    i18next.removeResourceBundle('en-US', 'translation')
    expect(i18next.exists('recipes.page.print')).toBe(false)

    await expect(withSection('recipes', Promise.resolve('page module'))).resolves.toBe('page module')
    expect(i18next.t('recipes.page.print')).toBe('Print')

    await changeLocale('de-DE')
    expect(i18next.language).toBe('de-DE')
    expect(i18next.t('recipes.page.print')).toBe('Drucken')
    expect(i18next.getResource('de-DE', 'translation', 'recipes.cook.next')).toBe('Weiter')
    await changeLocale('en-US')
  })
})
