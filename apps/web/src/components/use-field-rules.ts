import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { confirmationProblem, emailProblem, nameProblem, passwordProblem, usernameProblem } from './field-rules'

/**
 * The form rules of field-rules.ts as `useForm` validators: each returns the translated message or null. The one
 * place that turns a rule's i18n key into text, so every form says the same thing about the same field.
 */
export function useFieldRules() {
  const { t } = useTranslation()
  return useMemo(() => {
    const message = (problem: string | null) => (problem ? t(problem) : null)
    return {
      /** A group or household name (100 characters at most). */
      name: (value: string) => message(nameProblem(value)),
      /** A person's full name (200 characters at most). */
      fullName: (value: string) => message(nameProblem(value, 200)),
      /** A recipe's name (500 characters at most, as the contracts allow). */
      recipeName: (value: string) => message(nameProblem(value, 500)),
      username: (value: string) => message(usernameProblem(value)),
      email: (value: string) => message(emailProblem(value)),
      password: (value: string) => message(passwordProblem(value)),
      confirmation: (password: string, confirmation: string) => message(confirmationProblem(password, confirmation)),
    }
  }, [t])
}
