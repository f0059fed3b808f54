import { Group } from '@mantine/core'
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useStrings } from '@/i18n/use-strings'

type RatingStarsProps = { value: number | null; size?: number }

/** The recipe's average rating as five stars, read-only; one accessible name says the number. */
export function RatingStars(props: RatingStarsProps) {
  const { t } = useStrings('recipes')
  return <RatingStarsContent {...props} t={t} />
}

/** The stars with the strings of their list: a list of cards looks them up once, not once per card. */
export function RatingStarsContent({ value, size = 16, t }: RatingStarsProps & { t: TFunction<'recipes'> }) {
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
