import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconBell, IconBellOff, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'
import { remainingOf, type CookTimers } from '@/features/recipes/cook/use-cook-timers'

/** Time left as a clock: "4:05", "1:02:00". */
export function clockOf(milliseconds: number): string {
  const total = Math.ceil(milliseconds / 1000)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/**
 * The running timers, on every step of cook mode: time left, pause/resume, cancel; a finished timer rings and
 * shows a banner until dismissed. The bell silences the rings (sound and vibration).
 */
export function TimerTray({ timers }: { timers: CookTimers }) {
  const { t } = useStrings('recipes')
  if (timers.timers.length === 0) return null
  return (
    <Paper withBorder radius="md" p="xs" shadow="sm" data-testid="timer-tray" className="no-print">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} component="h2" m={0}>
            {t('cook.timers')}
          </Text>
          <Tooltip label={timers.muted ? t('cook.unmute') : t('cook.mute')}>
            <ActionIcon
              variant="subtle"
              aria-pressed={timers.muted}
              aria-label={t('cook.mute')}
              onClick={() => timers.setMuted(!timers.muted)}
            >
              {timers.muted ? <IconBellOff size={18} /> : <IconBell size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
        {timers.timers.map((timer) => {
          const name = t('cook.timerName', { label: timer.label, step: timer.stepNumber })
          if (timer.state === 'done') {
            return (
              <Alert
                key={timer.id}
                color="warning"
                variant="filled"
                role="alert"
                icon={<IconBell size={18} />}
                title={t('cook.timerDone')}
                p="xs"
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" inherit>
                    {name}
                  </Text>
                  <Button size="compact-sm" variant="white" color="dark" onClick={() => timers.remove(timer.id)}>
                    {t('cook.dismiss')}
                  </Button>
                </Group>
              </Alert>
            )
          }
          const remaining = remainingOf(timer, timers.now)
          return (
            <Group key={timer.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="running-timer">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" truncate>
                  {name}
                </Text>
                <Text fw={700} fz="xl" ff="monospace" role="timer" aria-label={t('cook.timeLeft', { name })}>
                  {clockOf(remaining)}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {timer.state === 'running' ? (
                  <ActionIcon
                    variant="default"
                    size={36}
                    aria-label={t('cook.pause', { name })}
                    onClick={() => timers.pause(timer.id)}
                  >
                    <IconPlayerPause size={18} />
                  </ActionIcon>
                ) : (
                  <ActionIcon
                    variant="default"
                    size={36}
                    aria-label={t('cook.resume', { name })}
                    onClick={() => timers.resume(timer.id)}
                  >
                    <IconPlayerPlay size={18} />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={t('cook.cancel', { name })}
                  onClick={() => timers.remove(timer.id)}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            </Group>
          )
        })}
      </Stack>
    </Paper>
  )
}
