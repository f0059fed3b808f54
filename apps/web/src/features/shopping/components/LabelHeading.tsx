import type { MultiPurposeLabel } from '@larder/contracts'
import { Badge } from '@mantine/core'
import { useStrings } from '@/i18n/use-strings'

/** A group's heading: its label in its colour, or "No label". */
export function LabelBadgeInline(props: { label: MultiPurposeLabel | null }) {
  const { t } = useStrings('shopping')
  if (!props.label) {
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none" component="h3" m={0}>
        {t('shopping.noLabel')}
      </Badge>
    )
  }
  return (
    <Badge color={props.label.color} autoContrast variant="filled" radius="sm" tt="none" component="h3" m={0}>
      {props.label.name}
    </Badge>
  )
}
