import type { RegisteredParser } from '@larder/contracts'
import { useLocalStorage } from '@mantine/hooks'

const parsers: readonly RegisteredParser[] = ['nlp', 'brute', 'openai']

/** The parser the person last chose, remembered per user in this browser (Mealie remembers it per user too). */
export function useParserChoice(userId: string | undefined) {
  return useLocalStorage<RegisteredParser>({
    key: `larder.ingredient-parser.${userId ?? 'anonymous'}`,
    defaultValue: 'nlp',
    getInitialValueInEffect: false,
    deserialize: (value) => (parsers.includes(value as RegisteredParser) ? (value as RegisteredParser) : 'nlp'),
    serialize: (value) => value,
  })
}
