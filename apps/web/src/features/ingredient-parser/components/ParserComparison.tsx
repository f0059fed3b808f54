import type { ParsedIngredient, RegisteredParser } from '@larder/contracts'
import { Alert, Button, Chip, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconAlertTriangle, IconListSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useStrings } from '@/i18n/use-strings'
import { parseLine } from '@/features/ingredient-parser/api/parse-ingredients'
import { confidenceColor, confidenceLevel, percentOf } from '@/features/ingredient-parser/confidence'
import { ConfidenceBadge } from './ConfidenceBadge'

/** Lines that show what each parser makes of fractions, ranges, units in other languages and notes. */
const examples = [
  '1 ½ cups all-purpose flour, sifted',
  '2-3 cloves garlic, finely chopped',
  '150g/5½oz unsalted butter',
  '1 (14 oz) can diced tomatoes',
  '200 g bloem',
  'salt and pepper to taste',
]

type Outcome = { parser: RegisteredParser } & ({ parsed: ParsedIngredient } | { problem: string })

/** Every parser on one line, side by side, each part with its confidence (the admin's debug page). */
export function ParserComparison({ openAiEnabled }: { openAiEnabled: boolean }) {
  const { t } = useStrings('ingredient-parser')
  const [line, setLine] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const parsers: RegisteredParser[] = openAiEnabled ? ['nlp', 'brute', 'openai'] : ['nlp', 'brute']
  const compare = useMutation({
    mutationFn: (text: string) =>
      Promise.all(
        parsers.map(async (parser): Promise<Outcome> => {
          try {
            return { parser, parsed: await parseLine(text, parser) }
          } catch (error) {
            return { parser, problem: error instanceof Error ? error.message : String(error) }
          }
        }),
      ),
  })

  function run(text: string) {
    if (text.trim() === '') return setFieldError(t('debug.required'))
    setFieldError(null)
    compare.mutate(text.trim())
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            run(line)
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('debug.line')}
              placeholder={examples[0]}
              value={line}
              error={fieldError}
              data-autofocus
              onChange={(event) => setLine(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" id="parser-examples">
              {t('debug.examples')}
            </Text>
            <Group gap={6} role="group" aria-labelledby="parser-examples">
              {examples.map((example) => (
                <Chip
                  key={example}
                  size="xs"
                  checked={false}
                  onClick={() => {
                    setLine(example)
                    run(example)
                  }}
                >
                  {example}
                </Chip>
              ))}
            </Group>
            <Button
              type="submit"
              loading={compare.isPending}
              leftSection={<IconListSearch size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('debug.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {compare.data && (
        <SimpleGrid cols={{ base: 1, md: compare.data.length }} spacing="md">
          {compare.data.map((outcome) => (
            <ParserOutcome key={outcome.parser} outcome={outcome} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}

function ParserOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useStrings('ingredient-parser')
  const title = t(`parser.${outcome.parser}`)
  if ('problem' in outcome) {
    return (
      <Alert color="error" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
        {outcome.problem}
      </Alert>
    )
  }
  const { ingredient, confidence } = outcome.parsed
  const parts = [
    {
      key: 'quantity',
      value: ingredient.quantity === null ? '' : String(ingredient.quantity),
      confidence: confidence.quantity,
    },
    {
      key: 'unit',
      value: ingredient.unit?.name ?? '',
      known: ingredient.unit != null && 'id' in ingredient.unit,
      confidence: confidence.unit,
    },
    {
      key: 'food',
      value: ingredient.food?.name ?? '',
      known: ingredient.food != null && 'id' in ingredient.food,
      confidence: confidence.food,
    },
    { key: 'note', value: ingredient.note ?? '', confidence: confidence.comment },
  ]
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            {title}
          </Title>
          <ConfidenceBadge value={confidence.average} />
        </Group>
        <Table layout="fixed" verticalSpacing={6}>
          <Table.Tbody>
            {parts.map((part) => {
              const level = confidenceLevel(part.confidence)
              return (
                <Table.Tr key={part.key}>
                  <Table.Th w={90} scope="row">
                    {t(`row.${part.key}`)}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {part.value || (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                    {part.known === false && part.value !== '' && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({t('debug.notInGroup')})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={64} ta="end">
                    {part.confidence === null || part.confidence === undefined ? (
                      <Text span size="xs" c="dimmed">
                        —
                      </Text>
                    ) : (
                      <Text span size="xs" fw={600} c={`${confidenceColor[level]}.8`}>
                        {percentOf(part.confidence)}%
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('debug.display', { display: ingredient.display })}
        </Text>
      </Stack>
    </Paper>
  )
}
