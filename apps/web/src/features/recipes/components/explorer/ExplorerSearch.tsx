import { CloseButton, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useStrings } from '@/i18n/use-strings'

export const searchDebounceMs = 250

/**
 * Search as you type: the text goes to the address 250 ms after the last key. When the address changes from
 * elsewhere (back, a link, "clear filters"), the field follows — unless it is the text this field just wrote.
 */
export function ExplorerSearch(props: { value: string; onSearch: (text: string) => void }) {
  const { t } = useStrings('recipes')
  const [text, setText] = useState(props.value)
  const [debounced] = useDebouncedValue(text, searchDebounceMs)
  const written = useRef(props.value)
  const { onSearch, value } = props

  useEffect(() => {
    if (debounced.trim() === written.current.trim()) return
    written.current = debounced
    onSearch(debounced)
  }, [debounced, onSearch])

  useEffect(() => {
    if (value.trim() === written.current.trim()) return
    written.current = value
    setText(value)
  }, [value])

  return (
    <TextInput
      type="search"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      placeholder={t('explorer.searchPlaceholder')}
      aria-label={t('explorer.search')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        text ? (
          <CloseButton
            size="md"
            aria-label={t('explorer.clearSearch')}
            onClick={() => {
              setText('')
            }}
          />
        ) : null
      }
      radius="md"
      size="md"
      style={{ flex: '1 1 260px', minWidth: 0 }}
      data-testid="explorer-search"
    />
  )
}
