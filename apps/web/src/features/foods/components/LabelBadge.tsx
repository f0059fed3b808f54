import type { MultiPurposeLabel } from '@larder/contracts'
import { Badge } from '@mantine/core'

/** A label in its own colour, with text that stays readable on it. */
export function LabelBadge({ label }: { label: Pick<MultiPurposeLabel, 'name' | 'color'> }) {
  return (
    <Badge color={label.color} autoContrast variant="filled" radius="sm" tt="none">
      {label.name}
    </Badge>
  )
}
