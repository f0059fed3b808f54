import { Loader } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { Availability } from '@/features/users/api/registration'

/** The icon at the end of a field whose value is being checked for availability. */
export function AvailabilityIcon({ availability }: { availability: Availability }) {
  const { t } = useTranslation()
  if (availability === 'checking') return <Loader size={14} role="status" aria-label={t('register.checking')} />
  if (availability === 'available')
    return <IconCheck size={16} color="var(--mantine-color-success-6)" aria-label={t('register.available')} />
  if (availability === 'taken')
    return <IconX size={16} color="var(--mantine-color-error-6)" aria-label={t('register.taken')} />
  return null
}
