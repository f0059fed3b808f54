import type { ReadHouseholdPreferences } from '@larder/contracts'
import { Button, Group, Paper } from '@mantine/core'
import { IconDeviceFloppy } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { QueryState } from '@/components/QueryState'
import { useHouseholdPreferences, useUpdateHouseholdPreferences } from '@/features/households/api/household'
import { HouseholdPreferencesEditor, preferenceValuesOf } from './HouseholdPreferencesEditor'

function PreferencesForm({ saved }: { saved: ReadHouseholdPreferences }) {
  const { t } = useTranslation()
  const update = useUpdateHouseholdPreferences()
  const [value, setValue] = useState(() => preferenceValuesOf(saved))
  const dirty = JSON.stringify(value) !== JSON.stringify(preferenceValuesOf(saved))
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        update.mutate(value, { onSuccess: () => notifySuccess(t('householdSettings.saved')) })
      }}
    >
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <HouseholdPreferencesEditor value={value} onChange={setValue} />
        <Group justify="flex-end" mt="lg">
          <Button
            variant="default"
            disabled={!dirty || update.isPending}
            onClick={() => setValue(preferenceValuesOf(saved))}
          >
            {t('common.reset')}
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!dirty}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Paper>
    </form>
  )
}

/** `/household`: the caller's household preferences, saved as a whole (PUT is a full replace). */
export function HouseholdPreferencesForm() {
  const preferences = useHouseholdPreferences()
  return <QueryState query={preferences}>{(saved) => <PreferencesForm key={saved.id} saved={saved} />}</QueryState>
}
