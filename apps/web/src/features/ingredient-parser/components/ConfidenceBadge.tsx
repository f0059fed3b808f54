import { Badge } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'
import { confidenceColor, confidenceLevel, percentOf } from '@/features/ingredient-parser/confidence'

/** The parser's overall confidence in a line, as a percentage in words and a colour that repeats them. */
export function ConfidenceBadge({ value }: { value: number | null | undefined }) {
  const { t } = useStrings('ingredient-parser')
  const level = confidenceLevel(value)
  return (
    <Badge color={confidenceColor[level]} variant="light" style={{ flexShrink: 0 }}>
      {value === null || value === undefined
        ? t('confidence.unknown')
        : t(`confidence.${level}`, { percent: percentOf(value) })}
    </Badge>
  )
}
