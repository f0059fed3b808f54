import { Paper } from '@mantine/core'
import { IconKey } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { ForgotPasswordForm } from '@/features/users/components/ForgotPasswordForm'

export default function ForgotPasswordPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.forgotPassword.title'))
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={480} mx="auto">
      <PageHeader title={t('pages.forgotPassword.title')} icon={IconKey} />
      <ForgotPasswordForm />
    </Paper>
  )
}
