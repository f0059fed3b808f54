import { Group } from '@mantine/core'
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react'
import { useStrings } from '@/i18n/use-strings'

/** The recipe's average rating as five stars, read-only; one accessible name says the number. */
export function RatingStars({ value, size = 16 }: { value: number | null; size?: number }) {
  const { t } = useStrings('recipes')
  if (value === null || value <= 0) return null
  const rounded = Math.round(value * 2) / 2
  return (
    <Group
      gap={1}
      wrap="nowrap"
      role="img"
      aria-label={t('rating', { value: Math.round(value * 10) / 10 })}
      c="orange.8"
      data-testid="rating-stars"
    >
      {[1, 2, 3, 4, 5].map((star) =>
        rounded >= star ? (
          <IconStarFilled key={star} size={size} aria-hidden="true" />
        ) : rounded >= star - 0.5 ? (
          <IconStarHalfFilled key={star} size={size} aria-hidden="true" />
        ) : (
          <IconStar key={star} size={size} aria-hidden="true" />
        ),
      )}
    </Group>
  )
}
