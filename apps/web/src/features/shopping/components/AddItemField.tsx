import { ActionIcon, Autocomplete } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useEveryFood } from '@/features/foods/api/foods'
import { useEveryUnit } from '@/features/foods/api/units'
import type { ItemDraft } from '@/features/shopping/api/shopping-writes'
import { parseItemLine } from '@/features/shopping/parse-item-line'
import { useStrings } from '@/i18n/use-strings'

const suggestionCount = 8

/** The line's last word and what comes before it: the food autocomplete completes the last word. */
function splitLastWord(text: string): [head: string, word: string] {
  const match = /^(.*?)(\S*)$/s.exec(text)
  return [match?.[1] ?? '', match?.[2] ?? '']
}

/**
 * The one field to add a line: "2 cups flour" is parsed into amount, unit and food; while typing, the group's foods
 * that start with the last word are offered to complete it.
 */
export function AddItemField(props: { onAdd: (draft: ItemDraft) => Promise<unknown> }) {
  const { t } = useStrings('shopping')
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const foods = useEveryFood().data?.items
  const units = useEveryUnit().data?.items
  const suggestions = useMemo(() => {
    const [head, word] = splitLastWord(text)
    if (word.length < 2 || !foods) return []
    const start = word.toLocaleLowerCase()
    return foods
      .filter((food) => food.name.toLocaleLowerCase().startsWith(start) && food.name.toLocaleLowerCase() !== start)
      .slice(0, suggestionCount)
      .map((food) => `${head}${food.name}`)
  }, [text, foods])

  async function add() {
    const line = text.trim()
    if (!line || busy) return
    setBusy(true)
    try {
      const draft = await parseItemLine(line, { foods: foods ?? [], units: units ?? [] })
      setText('')
      // The line shows at once; a refusal takes it off again and the client shows the server's sentence.
      void props.onAdd(draft).catch(() => undefined)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void add()
      }}
    >
      <Autocomplete
        aria-label={t('shopping.add.label')}
        placeholder={t('shopping.add.placeholder')}
        value={text}
        onChange={setText}
        data={suggestions}
        filter={({ options }) => options}
        readOnly={busy}
        rightSection={
          <ActionIcon type="submit" variant="filled" aria-label={t('shopping.add.submit')} loading={busy}>
            <IconPlus size={16} />
          </ActionIcon>
        }
      />
    </form>
  )
}
