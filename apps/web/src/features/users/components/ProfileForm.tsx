import type { UserOut } from '@larder/contracts'
import { supportedLocales } from '@larder/contracts'
import { Button, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { changeLocale } from '@/i18n/i18n'
import { isLocaleCode, locales } from '@/i18n/locales'
import { notifySuccess } from '@/components/feedback'
import { useUpdateProfile } from '@/features/users/api/profile'
import { useFieldRules } from '@/components/use-field-rules'

type AccountLocale = (typeof supportedLocales)[number]

function isAccountLocale(value: string): value is AccountLocale {
  return (supportedLocales as readonly string[]).includes(value)
}

/** Name, username, email, the advanced switch and the language (docs/web.md "Mealie's screens" `/user/profile/edit`). */
export function ProfileForm({ user }: { user: UserOut }) {
  const { t, i18n } = useTranslation()
  const rules = useFieldRules()
  const update = useUpdateProfile(user)
  const form = useForm({
    initialValues: {
      username: user.username ?? '',
      fullName: user.fullName ?? '',
      email: user.email,
      advanced: user.advanced,
      language: i18n.language,
    },
    validate: {
      username: rules.username,
      fullName: rules.fullName,
      email: rules.email,
    },
  })
  const languages = locales.filter((locale) => isAccountLocale(locale.code) || locale.code === i18n.language)

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await update.mutateAsync({
            username: values.username,
            fullName: values.fullName,
            email: values.email,
            advanced: values.advanced,
            ...(isAccountLocale(values.language) ? { locale: values.language } : {}),
          })
          if (isLocaleCode(values.language) && values.language !== i18n.language) await changeLocale(values.language)
          form.resetDirty()
          notifySuccess(t('profileEdit.saved'))
        } catch {
          // The server's reason (e.g. "This email is already in use") is on screen as a notification.
        }
      })}
    >
      <Stack gap="sm">
        <TextInput
          label={t('register.username')}
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <TextInput label={t('register.fullName')} autoComplete="name" required {...form.getInputProps('fullName')} />
        <TextInput
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <NativeSelect
          label={t('profileEdit.language')}
          data={languages.map((locale) => ({ value: locale.code, label: locale.name }))}
          {...form.getInputProps('language')}
        />
        <Switch
          mt="xs"
          label={t('register.advanced')}
          description={t('register.advancedHint')}
          {...form.getInputProps('advanced', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!form.isDirty()}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
