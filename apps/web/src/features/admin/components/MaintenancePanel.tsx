import type { MaintenanceStorageDetails } from '@larder/contracts'
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconBrush, IconFolderX, IconPhotoX } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/ConfirmButton'
import { notifySuccess } from '@/components/feedback'
import { QueryState } from '@/components/QueryState'
import {
  useMaintenanceClean,
  useMaintenanceStorage,
  useMaintenanceSummary,
  type MaintenanceClean,
} from '@/features/admin/api/maintenance'

const storageRows: Array<keyof MaintenanceStorageDetails> = [
  'recipesDirSize',
  'userDirSize',
  'groupsDirSize',
  'backupsDirSize',
  'tempDirSize',
]

/** `/admin/maintenance`: how much room the data folder takes, where, and the cleans that give some back. */
export function MaintenancePanel() {
  const { t } = useTranslation()
  const summary = useMaintenanceSummary()
  const storage = useMaintenanceStorage()
  return (
    <Stack gap="lg">
      <QueryState query={summary}>
        {(facts) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="maintenance-summary">
            <Fact label={t('admin.maintenance.dataDirSize')} value={facts.dataDirSize} />
            <Fact label={t('admin.maintenance.cleanableImages')} value={String(facts.cleanableImages)} />
            <Fact label={t('admin.maintenance.cleanableDirs')} value={String(facts.cleanableDirs)} />
          </SimpleGrid>
        )}
      </QueryState>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('admin.maintenance.storage')}
          </Title>
          <QueryState query={storage}>
            {(sizes) => (
              <Table aria-label={t('admin.maintenance.storage')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.maintenance.folder')}</Table.Th>
                    <Table.Th ta="right">{t('admin.maintenance.size')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {storageRows.map((row) => (
                    <Table.Tr key={row}>
                      <Table.Td>{t(`admin.maintenance.folders.${row}`)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {sizes[row]}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="md">
          <Title order={2} fz="md">
            {t('admin.maintenance.cleanTitle')}
          </Title>
          <CleanAction clean="images" icon={<IconPhotoX size={16} />} />
          <CleanAction clean="recipeFolders" icon={<IconFolderX size={16} />} />
          <CleanAction clean="temp" icon={<IconBrush size={16} />} />
        </Stack>
      </Card>
    </Stack>
  )
}

function Fact(props: { label: string; value: string }) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fz="xl" fw={600}>
        {props.value}
      </Text>
    </Card>
  )
}

/** One clean: what it removes in words, and a button that asks first and then says what was removed. */
function CleanAction(props: { clean: MaintenanceClean; icon: ReactNode }) {
  const { t } = useTranslation()
  const clean = useMaintenanceClean()
  const key = `admin.maintenance.clean.${props.clean}`
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Stack gap={0} style={{ flex: '1 1 20rem' }}>
        <Text fw={500}>{t(`${key}.title`)}</Text>
        <Text size="sm" c="dimmed">
          {t(`${key}.description`)}
        </Text>
      </Stack>
      <ConfirmButton
        leftSection={props.icon}
        title={t(`${key}.title`)}
        message={t(`${key}.confirm`)}
        confirmLabel={t(`${key}.button`)}
        data-testid={`clean-${props.clean}`}
        onConfirm={async () => {
          const answer = await clean.mutateAsync(props.clean)
          notifySuccess(answer.message)
        }}
      >
        {t(`${key}.button`)}
      </ConfirmButton>
    </Group>
  )
}
