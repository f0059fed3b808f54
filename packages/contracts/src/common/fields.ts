import { z } from 'zod'

/** Field rules shared by every identity form, so the server and the web client refuse the same input. */
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }))
export const Username = z
  .string()
  .trim()
  .min(1, 'Enter a username')
  .max(100)
  .regex(/^[^\s@/]+$/, 'A username has no spaces, slashes or @')
export const FullName = z.string().trim().min(1, 'Enter a name').max(200)
export const NewPassword = z.string().min(8, 'Use at least 8 characters').max(1024)
export const EntityName = z.string().trim().min(1, 'Enter a name').max(100)

/** Mealie's 41 supported locale codes for accounts and seed data (docs/mealie-compatibility.md "Registration, invitations and password reset"). */
export const supportedLocales = [
  'af-ZA',
  'ar-SA',
  'bg-BG',
  'ca-ES',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'el-GR',
  'en-GB',
  'en-US',
  'es-ES',
  'fi-FI',
  'fr-CA',
  'fr-FR',
  'fr-BE',
  'gl-ES',
  'he-IL',
  'hr-HR',
  'hu-HU',
  'is-IS',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'lt-LT',
  'lv-LV',
  'nl-NL',
  'no-NO',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sk-SK',
  'sl-SI',
  'sr-SP',
  'sv-SE',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'zh-CN',
  'zh-TW',
] as const
export const Locale = z.enum(supportedLocales, { message: 'invalid locale' })

export const Uuid = z.uuid({ message: 'Not a valid id' })
