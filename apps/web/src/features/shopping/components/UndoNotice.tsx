import { Affix, Button, Group, Paper, Text } from '@mantine/core'
import { useEffect } from 'react'
import { useStrings } from '@/i18n/use-strings'

/** How long "Undo" stays offered after a check. */
export const undoOfferMs = 6000

export interface UndoOffer {
  text: string
  undo: () => void
}

/** The notification after a check, with "Undo"; it goes after `undoOfferMs` or when a newer one comes. */
export function UndoNotice(props: { offer: UndoOffer | null; onDone: () => void }) {
  const { t } = useStrings('shopping')
  const { offer, onDone } = props
  useEffect(() => {
    if (!offer) return
    const timer = setTimeout(onDone, undoOfferMs)
    return () => clearTimeout(timer)
  }, [offer, onDone])
  if (!offer) return null
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
      <Paper shadow="md" radius="md" p="sm" withBorder maw={480} mx="auto" role="status">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {offer.text}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              offer.undo()
              onDone()
            }}
          >
            {t('shopping.undo')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  )
}
