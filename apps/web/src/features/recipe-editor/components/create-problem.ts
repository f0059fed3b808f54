import type { TFunction } from 'i18next'
import { ApiError } from '@/api/api-error'
import { notifyError } from '@/components/feedback'

/**
 * Why creating a unit, food or organizer failed, said for a person: a 403 means the account may not organize the
 * group's data (canOrganize); a 409 means the name exists; anything else is the server's own sentence.
 */
export function explainCreateFailure(error: unknown, t: TFunction, name: string): string {
  const message =
    error instanceof ApiError && error.status === 403
      ? t('recipeEditor.cannotOrganize')
      : error instanceof ApiError && error.status === 409
        ? t('recipeEditor.createConflict', { name })
        : error instanceof Error
          ? error.message
          : t('recipeEditor.createFailed')
  notifyError(message)
  return message
}

/** The label of the "create" option, and its value (no id can look like it). */
export const createOptionValue = '\u0000create'
