import '@/components/styles'
import { Paper } from '@mantine/core'
import { IconLockPassword } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { notifySuccess } from '@/components/feedback'
import { ResetPasswordForm } from '@/features/users/components/ResetPasswordForm'
import { paths } from '@/app/paths'

export default function ResetPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  usePageTitle(t('pages.resetPassword.title'))
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
      <PageHeader
        title={t('pages.resetPassword.title')}
        description={t('pages.resetPassword.description')}
        icon={IconLockPassword}
      />
      <ResetPasswordForm
        token={searchParams.get('token') ?? ''}
        onReset={() => {
          notifySuccess(t('passwordReset.done'))
          void navigate(paths.login)
        }}
      />
    </Paper>
  )
}
