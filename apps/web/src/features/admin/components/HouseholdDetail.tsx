import type { HouseholdInDB, UpdateHouseholdPreferences } from '@larder/contracts'
import { Anchor, Button, Card, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/ConfirmButton'
import { notifySuccess } from '@/components/feedback'
import { nameProblem } from '@/components/field-rules'
import { EmptyNote, QueryState } from '@/components/QueryState'
import { useAdminDeleteHousehold, useAdminHousehold, useAdminUpdateHousehold } from '@/features/admin/api/households'
import { paths } from '@/app/paths'

export type PreferenceValues = Required<UpdateHouseholdPreferences>

/** The preference editor comes from the page (households feature), so administration and `/household` share it. */
export type PreferencesEditorSlot = (props: {
  value: PreferenceValues
  onChange: (value: PreferenceValues) => void
}) => ReactNode

function editableOf(household: HouseholdInDB, toValues: (saved: HouseholdInDB['preferences']) => PreferenceValues) {
  return { name: household.name, preferences: toValues(household.preferences) }
}

function Detail(props: {
  household: HouseholdInDB
  preferencesEditor: PreferencesEditorSlot
  toValues: (saved: HouseholdInDB['preferences']) => PreferenceValues
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const { household } = props
  const update = useAdminUpdateHousehold(household)
  const remove = useAdminDeleteHousehold()
  const saved = editableOf(household, props.toValues)
  const [draft, setDraft] = useState(saved)
  const nameError = nameProblem(draft.name)
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)
  const deletable = household.users.length === 0
  return (
    <Stack gap="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (nameError) return
          update.mutate(
            { name: draft.name.trim(), preferences: draft.preferences },
            {
              onSuccess: (result) => {
                setDraft(editableOf(result, props.toValues))
                notifySuccess(t('admin.households.saved'))
              },
            },
          )
        }}
      >
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Text size="xs" c="dimmed">
              {t('admin.id')}: <Code>{household.id}</Code>
            </Text>
            <Text size="sm">
              {t('admin.users.group')}:{' '}
              {/* Within a line of text a link is told apart by more than its colour (WCAG 1.4.1). */}
              <Anchor component={Link} to={paths.adminGroup(household.groupId)} underline="always">
                {household.group}
              </Anchor>
            </Text>
            <TextInput
              label={t('admin.name')}
              required
              value={draft.name}
              error={dirty && nameError ? t(nameError) : undefined}
              onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            />
            {props.preferencesEditor({
              value: draft.preferences,
              onChange: (preferences) => setDraft({ ...draft, preferences }),
            })}
            <Group justify="flex-end">
              <Button variant="default" disabled={!dirty} onClick={() => setDraft(saved)}>
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
          </Stack>
        </Card>
      </form>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="sm">
          {t('admin.groups.users')} ({household.users.length})
        </Title>
        {household.users.length === 0 ? (
          <EmptyNote>{t('admin.households.noUsers')}</EmptyNote>
        ) : (
          <Stack gap={6}>
            {household.users.map((user) => (
              <Anchor key={user.id} component={Link} to={paths.adminUser(user.id)} size="sm">
                {user.fullName ?? user.id}
              </Anchor>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="md" mb="xs">
          {t('admin.dangerZone')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {deletable ? t('admin.households.deleteText') : t('admin.households.deleteBlocked')}
        </Text>
        <ConfirmButton
          leftSection={<IconTrash size={16} />}
          disabled={!deletable}
          title={t('admin.households.deleteTitle')}
          message={t('admin.households.deleteConfirm', { name: household.name })}
          confirmLabel={t('common.delete')}
          onConfirm={() =>
            remove.mutateAsync(household.id).then(() => {
              notifySuccess(t('admin.households.deleted', { name: household.name }))
              props.onDeleted()
            })
          }
        >
          {t('admin.households.delete')}
        </ConfirmButton>
      </Card>
    </Stack>
  )
}

/** `/admin/manage/households/:id`: rename, replace its preferences, see its members; delete once empty. */
export function HouseholdDetail(props: {
  id: string
  preferencesEditor: PreferencesEditorSlot
  toValues: (saved: HouseholdInDB['preferences']) => PreferenceValues
  onDeleted: () => void
}) {
  const household = useAdminHousehold(props.id)
  return (
    <QueryState query={household}>{(loaded) => <Detail key={loaded.id} household={loaded} {...props} />}</QueryState>
  )
}
