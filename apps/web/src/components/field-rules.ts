/**
 * Form rules the web checks before sending, mirroring the contracts' field schemas (packages/contracts
 * common/fields.ts) — the web never runs those schemas, the server does. Each returns an i18n key or null.
 */
export const minimumPasswordLength = 8

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const usernamePattern = /^[^\s@/]+$/

export function emailProblem(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return 'fields.emailRequired'
  if (trimmed.length > 254 || !emailPattern.test(trimmed)) return 'fields.emailInvalid'
  return null
}

export function usernameProblem(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return 'fields.usernameRequired'
  if (trimmed.length > 100) return 'fields.tooLong'
  if (!usernamePattern.test(trimmed)) return 'fields.usernameInvalid'
  return null
}

export function nameProblem(value: string, maximum = 100): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return 'fields.nameRequired'
  if (trimmed.length > maximum) return 'fields.tooLong'
  return null
}

export function passwordProblem(value: string): string | null {
  if (value.length < minimumPasswordLength) return 'fields.passwordTooShort'
  if (value.length > 1024) return 'fields.tooLong'
  return null
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'fields.passwordsDiffer'
}

/** 0–4: length and variety of characters; enough to nudge, not a promise of safety. */
export function passwordStrength(value: string): number {
  if (value.length < minimumPasswordLength) return value.length === 0 ? 0 : 1
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(value)).length
  const score = 1 + (value.length >= 12 ? 1 : 0) + (classes >= 2 ? 1 : 0) + (classes >= 3 ? 1 : 0)
  return Math.min(4, score)
}
