import '@/components/styles'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { appInfoQuery } from '@/api/app-queries'
import { usePageTitle } from '@/components/use-page-title'
import { QueryState } from '@/components/QueryState'
import { notifySuccess } from '@/components/feedback'
import { AuthCard } from '@/features/users/components/AuthCard'
import { RegisterWizard } from '@/features/users/components/RegisterWizard'
import { paths } from '@/app/paths'

export default function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const appInfo = useQuery(appInfoQuery)
  usePageTitle(t('pages.register.title'))
  return (
    <AuthCard title={t('pages.register.title')} subtitle={t('pages.register.description')}>
      <QueryState query={appInfo}>
        {(info) => (
          <RegisterWizard
            initialToken={searchParams.get('token') ?? ''}
            allowSignup={info.allowSignup}
            onRegistered={(signInName) => {
              notifySuccess(t('register.done'))
              // The sign-in form starts with the new account's email: only the password is left to type.
              void navigate(paths.login, { state: { username: signInName } })
            }}
          />
        )}
      </QueryState>
    </AuthCard>
  )
}
