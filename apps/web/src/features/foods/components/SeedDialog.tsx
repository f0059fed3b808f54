import { supportedLocales } from '@larder/contracts'
import { Alert, Button, Select, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconSeedling } from '@tabler/icons-react'
import { useState } from 'react'
import { DialogActions, DialogShell } from '@/components/DialogShell'
import { useStrings } from '@/i18n/use-strings'
import { errorMessageOf } from '@/components/data-table/FormDialog'
import { useSeed, type SeedKind, type SeedLocale } from '@/features/foods/api/seeders'
import { locales } from '@/i18n/locales'

/** The language picker's entries: every locale the seeders know, named in its own language. */
const seedLocales = supportedLocales.map((code) => ({
  value: code,
  label: locales.find((locale) => locale.code === code)?.name ?? code,
}))

/** The user's language when the seeders know it, else American English. */
function defaultSeedLocale(language: string): SeedLocale {
  return supportedLocales.find((code) => code === language) ?? 'en-US'
}

/** Adds a language's common foods, units or labels to the group, then says how many were new. */
export function SeedDialog(props: { opened: boolean; kind: SeedKind; onClose: () => void }) {
  const { t, i18n } = useStrings('organize')
  const [locale, setLocale] = useState<SeedLocale | null>(null)
  const seed = useSeed(props.kind)
  const chosen = locale ?? defaultSeedLocale(i18n.language)
  const close = () => {
    seed.reset()
    setLocale(null)
    props.onClose()
  }
  return (
    <DialogShell opened={props.opened} onClose={close} title={t(`seed.${props.kind}.title`)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`seed.${props.kind}.intro`)}
        </Text>
        <Select
          label={t('seed.language')}
          searchable
          allowDeselect={false}
          data={seedLocales}
          value={chosen}
          onChange={(value) => {
            seed.reset()
            setLocale(supportedLocales.find((code) => code === value) ?? null)
          }}
          disabled={seed.isPending}
        />
        {seed.data && (
          <Alert
            color="success"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title={seed.data.message}
            role="status"
            data-testid="seed-result"
          >
            {t(`seed.${props.kind}.result`, { added: seed.data.added, total: seed.data.total })}
          </Alert>
        )}
        {seed.error && (
          <Alert color="error" variant="light" role="alert">
            {errorMessageOf(seed.error)}
          </Alert>
        )}
        <DialogActions onCancel={close} cancelLabel={seed.data ? t('seed.done') : undefined}>
          {!seed.data && (
            <Button
              leftSection={<IconSeedling size={16} />}
              loading={seed.isPending}
              onClick={() => seed.mutate(chosen)}
            >
              {t('seed.run')}
            </Button>
          )}
        </DialogActions>
      </Stack>
    </DialogShell>
  )
}
