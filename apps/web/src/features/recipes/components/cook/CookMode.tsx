import type { Recipe } from '@larder/contracts'
import { findStepTimers } from '@larder/kitchen'
import { Box, Button, Group, List, Modal, Progress, Stack, Text, Title } from '@mantine/core'
import { IconAlarm, IconChevronLeft, IconChevronRight, IconDeviceMobileOff } from '@tabler/icons-react'
import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { RecipeMarkdown } from '@/features/recipes/components/RecipeMarkdown'
import { IngredientText } from '@/features/recipes/components/recipe/IngredientList'
import { stepIngredients } from '@/features/recipes/components/recipe/StepList'
import type { CookTimers } from '@/features/recipes/cook/use-cook-timers'
import { useWakeLock } from '@/features/recipes/cook/use-wake-lock'
import { shownStepText, type ShownIngredient, type UnitSystem } from '@/features/recipes/recipe-scaling'
import { formatMinutes } from '@/features/recipes/recipe-times'
import { TimerTray } from './TimerTray'

const swipeDistance = 60

/**
 * Cook mode: the recipe one step at a time in large type, full screen, with the screen kept on. Previous/next by
 * buttons, arrow keys or a swipe; the step's ingredients (scaled and converted as on the page); its times as
 * timer buttons; the timer tray stays on every step. Escape or "Exit" goes back to the recipe.
 */
export function CookMode(props: {
  recipe: Recipe
  ingredients: ShownIngredient[]
  units: UnitSystem
  timers: CookTimers
  onExit: () => void
}) {
  const { t, i18n } = useStrings('recipes')
  const steps = props.recipe.recipeInstructions
  const [index, setIndex] = useState(0)
  const wakeLock = useWakeLock(true)
  const count = steps.length
  const step = steps[index]
  const previous = useCallback(() => setIndex((current) => Math.max(0, current - 1)), [])
  const next = useCallback(() => setIndex((current) => Math.min(count - 1, current + 1)), [count])
  const rtl = i18n.dir() === 'rtl'

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        const forward = (event.key === 'ArrowRight') !== rtl
        event.preventDefault()
        if (forward) next()
        else previous()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [next, previous, rtl])

  const touchStart = useRef<{ x: number; y: number } | null>(null)
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0]
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null
  }
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current
    const touch = event.changedTouches[0]
    touchStart.current = null
    if (!start || !touch) return
    const dx = touch.clientX - start.x
    const dy = touch.clientY - start.y
    if (Math.abs(dx) < swipeDistance || Math.abs(dx) < Math.abs(dy) * 1.5) return
    // Swiping left (towards the reading direction's end) shows the next step.
    if (dx < 0 !== rtl) next()
    else previous()
  }

  const text = step ? shownStepText(step.text, props.units) : ''
  const stepTimers = step ? findStepTimers(step.text) : []
  const uses = step ? stepIngredients(step, props.ingredients) : []
  const sectionOf = ingredientSections(props.ingredients)
  const sectionTitle = step
    ? [...steps.slice(0, index + 1)].reverse().find((candidate) => candidate.title)?.title
    : null

  return (
    <Modal
      opened
      onClose={props.onExit}
      fullScreen
      radius={0}
      transitionProps={{ duration: 0 }}
      title={props.recipe.name}
      closeButtonProps={{ 'aria-label': t('cook.exit') }}
      styles={{ title: { fontWeight: 700 }, body: { paddingBottom: 0 } }}
    >
      <Stack
        className="cook-mode"
        gap="md"
        mih="calc(100dvh - 72px)"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="cook-mode"
      >
        {count > 0 && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed" data-testid="cook-progress">
              {t('cook.progress', { current: index + 1, total: count })}
            </Text>
            <Progress
              value={((index + 1) / count) * 100}
              size="sm"
              aria-label={t('cook.progress', { current: index + 1, total: count })}
            />
          </Stack>
        )}
        {wakeLock === 'unsupported' || wakeLock === 'failed' ? (
          <Group gap={6} c="dimmed">
            <IconDeviceMobileOff size={16} aria-hidden="true" />
            <Text size="xs">{t('cook.wakeLockUnavailable')}</Text>
          </Group>
        ) : null}
        <Box style={{ flex: 1 }} aria-live="polite">
          {step ? (
            <Stack gap="md">
              {sectionTitle && (
                <Text size="sm" fw={600} c="dimmed" tt="uppercase">
                  {sectionTitle}
                </Text>
              )}
              <Title order={2} fz="1.1em">
                {t('cook.step', { number: index + 1 })}
                {step.summary ? ` · ${step.summary}` : ''}
              </Title>
              {uses.length > 0 && (
                <List spacing={4} fz="0.85em" aria-label={t('page.stepIngredients')}>
                  {uses.map((shown, position) => {
                    const section = sectionOf.get(shown.ingredient.referenceId)
                    const startsSection =
                      section && section !== sectionOf.get(uses[position - 1]?.ingredient.referenceId ?? '')
                    return (
                      <List.Item key={shown.ingredient.referenceId}>
                        {startsSection && (
                          <Text component="span" display="block" size="sm" fw={600} c="dimmed" tt="uppercase">
                            {section}
                          </Text>
                        )}
                        <IngredientText shown={shown} />
                      </List.Item>
                    )
                  })}
                </List>
              )}
              <Box fz="inherit" lh="inherit">
                <RecipeMarkdown>{text}</RecipeMarkdown>
              </Box>
              {stepTimers.length > 0 && (
                <Group gap="xs">
                  {stepTimers.map((timer) => (
                    <Button
                      key={`${timer.start}-${timer.end}`}
                      variant="light"
                      size="md"
                      leftSection={<IconAlarm size={20} aria-hidden="true" />}
                      onClick={() => props.timers.start(timer.text, timer.seconds, index + 1)}
                    >
                      {t('cook.startTimer', { time: formatMinutes(timer.seconds / 60, t) })}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          ) : (
            <Text>{t('cook.noSteps')}</Text>
          )}
        </Box>
        <Box pos="sticky" bottom={0} pb="md" pt="xs" style={{ background: 'var(--mantine-color-body)' }}>
          <Stack gap="xs">
            <TimerTray timers={props.timers} />
            <Group justify="space-between" wrap="nowrap">
              <Button
                variant="default"
                size="lg"
                onClick={previous}
                disabled={index === 0}
                leftSection={
                  <IconChevronLeft size={20} aria-hidden="true" style={rtl ? { transform: 'scaleX(-1)' } : undefined} />
                }
              >
                {t('cook.previous')}
              </Button>
              {index < count - 1 ? (
                <Button
                  size="lg"
                  onClick={next}
                  rightSection={
                    <IconChevronRight
                      size={20}
                      aria-hidden="true"
                      style={rtl ? { transform: 'scaleX(-1)' } : undefined}
                    />
                  }
                >
                  {t('cook.next')}
                </Button>
              ) : (
                <Button size="lg" color="success" onClick={props.onExit}>
                  {t('cook.finish')}
                </Button>
              )}
            </Group>
          </Stack>
        </Box>
      </Stack>
    </Modal>
  )
}

/**
 * The section each ingredient belongs to: an ingredient's `title` opens a section that runs to the next title, so
 * a step that uses "1 cup caramel sauce" from "To serve" says so in cook mode as on the page.
 */
function ingredientSections(ingredients: ShownIngredient[]): Map<string, string> {
  const sections = new Map<string, string>()
  let current: string | null = null
  for (const shown of ingredients) {
    current = shown.ingredient.title || current
    if (current) sections.set(shown.ingredient.referenceId, current)
  }
  return sections
}
