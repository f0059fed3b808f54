import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Logo } from '@/components/Logo'
import { LanguageSelect } from '@/i18n/LanguageSelect'
import { ThemeToggle } from '@/theme/ThemeToggle'

/** The centred card of the pages people reach before they are signed in (registration), like the sign-in page. */
export function AuthCard(props: { title: string; subtitle?: string; children: ReactNode; width?: number }) {
  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-primary-light), transparent 60%), var(--mantine-color-body)',
      }}
    >
      <Group justify="flex-end" p="sm" gap="xs">
        <LanguageSelect />
        <ThemeToggle />
      </Group>
      <Center px="md" pb="xl" mih="calc(100dvh - 64px)">
        <Paper
          withBorder
          shadow="md"
          radius="lg"
          p={{ base: 'md', xs: 'lg', sm: 'xl' }}
          w="100%"
          maw={props.width ?? 560}
        >
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <Logo size={36} />
              <Title order={1} fz={22} mt="xs">
                {props.title}
              </Title>
              {props.subtitle && (
                <Text size="sm" c="dimmed">
                  {props.subtitle}
                </Text>
              )}
            </Stack>
            {props.children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  )
}
