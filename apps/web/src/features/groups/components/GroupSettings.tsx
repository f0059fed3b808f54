import type { ReadGroupPreferences } from '@larder/contracts'
import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core'
import { IconDeviceFloppy, IconHome } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { EmptyNote, QueryState } from '@/components/QueryState'
import {
  useGroupHouseholds,
  useGroupPreferences,
  useOwnGroup,
  useUpdateGroupPreferences,
} from '@/features/groups/api/group'

function PrivacyForm({ saved }: { saved: ReadGroupPreferences }) {
  const { t } = useTranslation()
  const update = useUpdateGroupPreferences()
  const [privateGroup, setPrivateGroup] = useState(saved.privateGroup)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        update.mutate(privateGroup, { onSuccess: () => notifySuccess(t('groupSettings.saved')) })
      }}
    >
      <Stack gap="md">
        <Switch
          label={t('groupSettings.privateGroup')}
          description={t('groupSettings.privateGroupHint')}
          checked={privateGroup}
          onChange={(event) => setPrivateGroup(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={privateGroup === saved.privateGroup}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** `/group`: the group's name, its privacy switch and its households. */
export function GroupSettings() {
  const { t } = useTranslation()
  const group = useOwnGroup()
  const preferences = useGroupPreferences()
  const households = useGroupHouseholds()
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <QueryState query={group}>
          {(own) => (
            <Stack gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('groupSettings.name')}
              </Text>
              <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }} data-testid="group-name">
                {own.name}
              </Title>
              <Text size="sm" c="dimmed">
                /g/{own.slug}
              </Text>
            </Stack>
          )}
        </QueryState>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="md">
          {t('groupSettings.privacy')}
        </Title>
        <QueryState query={preferences}>{(saved) => <PrivacyForm key={saved.id} saved={saved} />}</QueryState>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="md">
          {t('groupSettings.households')}
        </Title>
        <QueryState query={households}>
          {(list) =>
            list.items.length === 0 ? (
              <EmptyNote>{t('groupSettings.noHouseholds')}</EmptyNote>
            ) : (
              <Stack gap="xs" role="list">
                {list.items.map((household) => (
                  <Group key={household.id} role="listitem" gap="sm" wrap="nowrap" justify="space-between">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconHome size={18} />
                      <Text truncate>{household.name}</Text>
                    </Group>
                    {household.preferences?.privateHousehold && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('groupSettings.privateHousehold')}
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Card>
    </Stack>
  )
}
