import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCircleCheck, IconCircleX, IconMail } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '@/components/feedback'
import { QueryState } from '@/components/QueryState'
import {
  useAdminAbout,
  useAdminCheck,
  useAdminEmailReady,
  useAdminStatistics,
  useSendTestEmail,
} from '@/features/admin/api/site'
import { useFieldRules } from '@/components/use-field-rules'

const checks = [
  'isUpToDate',
  'secureSite',
  'baseUrlSet',
  'emailReady',
  'ldapReady',
  'oidcReady',
  'enableOpenai',
] as const
type CheckName = (typeof checks)[number]

function CheckRow({ name, passed }: { name: CheckName; passed: boolean }) {
  const { t } = useTranslation()
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid={`check-${name}`} data-passed={passed}>
      <ThemeIcon variant="light" color={passed ? 'success' : 'warning'} radius="xl" size={28} style={{ flexShrink: 0 }}>
        {passed ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {t(`admin.site.check.${name}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {passed ? t(`admin.site.checkPass.${name}`) : t(`admin.site.checkFail.${name}`)}
        </Text>
      </Stack>
    </Group>
  )
}

function ReadinessChecks() {
  const { t } = useTranslation()
  const check = useAdminCheck()
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="md" mb="md">
        {t('admin.site.checksTitle')}
      </Title>
      <QueryState query={check}>
        {(result) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {checks.map((name) => (
              <CheckRow
                key={name}
                name={name}
                passed={name === 'secureSite' ? window.location.protocol === 'https:' : result[name]}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Card>
  )
}

function TestEmail() {
  const { t } = useTranslation()
  const rules = useFieldRules()
  const ready = useAdminEmailReady()
  const send = useSendTestEmail()
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: rules.email,
    },
  })
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="md" mb="xs">
        {t('admin.site.emailTitle')}
      </Title>
      <QueryState query={ready}>
        {({ ready: configured }) => (
          <Stack gap="sm">
            <Text size="sm" c={configured ? 'success' : 'dimmed'}>
              {configured ? t('admin.site.emailConfigured') : t('admin.site.emailNotConfigured')}
            </Text>
            <form
              noValidate
              onSubmit={form.onSubmit(({ email }) =>
                send.mutate(email.trim(), {
                  onSuccess: (result) => result.success && notifySuccess(t('admin.site.emailSent')),
                }),
              )}
            >
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={t('admin.site.testAddress')}
                  placeholder={t('admin.site.testAddress')}
                  type="email"
                  style={{ flex: 1 }}
                  disabled={!configured}
                  {...form.getInputProps('email')}
                />
                <Button
                  type="submit"
                  loading={send.isPending}
                  disabled={!configured}
                  leftSection={<IconMail size={16} />}
                >
                  {t('admin.site.sendTest')}
                </Button>
              </Group>
            </form>
            {send.data && !send.data.success && (
              <Alert color="error" variant="light" role="alert">
                {send.data.error ?? t('admin.site.emailFailed')}
              </Alert>
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  )
}

function AboutCard() {
  const { t } = useTranslation()
  const about = useAdminAbout()
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="md" mb="md">
        {t('admin.site.aboutTitle')}
      </Title>
      <QueryState query={about}>
        {(info) => {
          const rows: Array<[string, string]> = [
            [t('admin.site.about.version'), info.version],
            [t('admin.site.about.versionLatest'), info.versionLatest],
            [t('admin.site.about.build'), info.buildId],
            [
              t('admin.site.about.mode'),
              info.production ? t('admin.site.about.production') : t('admin.site.about.development'),
            ],
            [t('admin.site.about.demo'), info.demoStatus ? t('common.yes') : t('common.no')],
            [t('admin.site.about.apiPort'), String(info.apiPort)],
            [t('admin.site.about.apiDocs'), info.apiDocs ? t('common.yes') : t('common.no')],
            [t('admin.site.about.database'), info.dbType],
            [t('admin.site.about.databaseUrl'), info.dbUrl ?? '—'],
            [t('admin.site.about.defaultGroup'), info.defaultGroup],
            [t('admin.site.about.defaultHousehold'), info.defaultHousehold],
            [t('admin.site.about.scraper'), info.recipeScraperVersion],
          ]
          return (
            <Table variant="vertical" layout="fixed" data-testid="admin-about">
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={150}>{label}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }}
      </QueryState>
    </Card>
  )
}

const figures = [
  'totalUsers',
  'totalGroups',
  'totalHouseholds',
  'totalRecipes',
  'uncategorizedRecipes',
  'untaggedRecipes',
] as const

function Statistics() {
  const { t } = useTranslation()
  const statistics = useAdminStatistics()
  return (
    <QueryState query={statistics}>
      {(counts) => (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          {figures.map((figure) => (
            <Card key={figure} withBorder radius="lg" padding="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`admin.site.statistics.${figure}`)}
              </Text>
              <Text fz={26} fw={700}>
                {counts[figure]}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  )
}

/** `/admin/site-settings`: counts, readiness checks with hints, a test mail, and facts about the server. */
export function SiteSettings() {
  return (
    <Stack gap="lg">
      <Statistics />
      <ReadinessChecks />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <TestEmail />
        <AboutCard />
      </SimpleGrid>
    </Stack>
  )
}
