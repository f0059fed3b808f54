import { ActionIcon, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard'

/** A read-only value with a copy button; the button shows "copied" for 1500 ms (docs/web.md "Idle and clipboard"). */
export function CopyField(props: { label: string; value: string; 'data-testid'?: string; description?: string }) {
  const { t } = useTranslation()
  const { copy, copied } = useCopyToClipboard()
  return (
    <TextInput
      label={props.label}
      description={props.description}
      value={props.value}
      readOnly
      data-testid={props['data-testid']}
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'subtle'}
            color={copied ? 'success' : 'gray'}
            aria-label={copied ? t('common.copied') : t('common.copy')}
            data-copied={copied || undefined}
            onClick={() => copy(props.value)}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      }
    />
  )
}
