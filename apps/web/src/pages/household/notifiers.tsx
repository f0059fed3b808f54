import { IconBell } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/PageHeader'
import { usePageTitle } from '@/components/use-page-title'
import { NotifiersSettings } from '@/features/notifiers/components/NotifiersSettings'

export default function NotifiersPage() {
  const { t } = useTranslation()
  usePageTitle(t('pages.notifiers.title'))
  return (
    <>
      <PageHeader title={t('pages.notifiers.title')} description={t('pages.notifiers.description')} icon={IconBell} />
      <NotifiersSettings />
    </>
  )
}
