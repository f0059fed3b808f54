import { createFood, createUnit, parseIngredients } from '@larder/contracts'
import { startOpenAIServer, type TestOpenAIServer } from '@larder/test-servers/openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/test-app.js'
import { loadConfig } from '../../config.js'
import { HttpError } from '../../http/errors.js'
import { createAiProvider } from '../ai/index.js'
import { parseWithOpenAI } from './openai-parser.js'

let provider: TestOpenAIServer

beforeAll(async () => {
  provider = await startOpenAIServer()
})

afterAll(() => provider.stop())

beforeEach(() => {
  provider.behave({ kind: 'answer' })
  provider.requests.length = 0
})

const aiWith = (environment: Record<string, string> = {}) =>
  createAiProvider(loadConfig({ ...provider.environment, ...environment }))

/** The HttpError a parse fails with (the parser's failures are answers, never bare errors). */
async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(HttpError)
  return error as HttpError
}

describe('the openai ingredient parser', () => {
  it('answers one parsed line per input line, in order, from batches of OPENAI_WORKERS lines', async () => {
    const lines = ['1 1/2 cups flour, sifted', '2 eggs', '3 cloves garlic, minced', 'salt to taste', '250 g butter']

    const parsed = await parseWithOpenAI({ ai: aiWith({ OPENAI_WORKERS: '2' }) }, lines)

    expect(parsed).toEqual([
      { input: lines[0], quantity: 1.5, unit: 'cups', food: 'flour', note: 'sifted', confidence: { average: 0.9 } },
      { input: lines[1], quantity: 2, unit: null, food: 'eggs', note: '', confidence: { average: 0.9 } },
      { input: lines[2], quantity: 3, unit: 'cloves', food: 'garlic', note: 'minced', confidence: { average: 0.9 } },
      { input: lines[3], quantity: 0, unit: null, food: 'salt to taste', note: '', confidence: { average: 0.9 } },
      { input: lines[4], quantity: 250, unit: 'g', food: 'butter', note: '', confidence: { average: 0.9 } },
    ])
    // Five lines in batches of two: three JSON-mode requests, each sending its lines as a JSON array.
    expect(provider.requests.map((request) => JSON.parse(request.userText) as string[])).toEqual(
      expect.arrayContaining([lines.slice(0, 2), lines.slice(2, 4), lines.slice(4)]),
    )
    expect(provider.requests).toHaveLength(3)
    expect(
      provider.requests.every((request) => (request.responseFormat as { type: string }).type === 'json_object'),
    ).toBe(true)
  })

  it('tells the model the group’s units only when OPENAI_SEND_DATABASE_DATA allows', async () => {
    const unitNames = ['cup', 'tablespoon', 'tbsp']
    await parseWithOpenAI({ ai: aiWith(), unitNames }, ['1 cup milk'])
    await parseWithOpenAI({ ai: aiWith({ OPENAI_SEND_DATABASE_DATA: 'false' }), unitNames }, ['1 cup milk'])

    const [withUnits, withoutUnits] = provider.requests.map((request) => request.messages[0]!.content as string)
    expect(withUnits).toContain('["cup","tablespoon","tbsp"]')
    expect(withoutUnits).not.toContain('tablespoon')
  })

  it('matches a reply with missing or reordered items to the lines by their input, keeping a left-out line whole', async () => {
    provider.behave({ kind: 'answer', shuffleAndDropFirst: true })
    const parsed = await parseWithOpenAI({ ai: aiWith({ OPENAI_WORKERS: '3' }) }, [
      '1 cup milk',
      '2 eggs',
      '1 tsp salt',
    ])
    expect(parsed).toEqual([
      { input: '1 cup milk', quantity: 0, unit: null, food: null, note: '1 cup milk', confidence: { average: 0 } },
      { input: '2 eggs', quantity: 2, unit: null, food: 'eggs', note: '', confidence: { average: 0.9 } },
      { input: '1 tsp salt', quantity: 1, unit: 'tsp', food: 'salt', note: '', confidence: { average: 0.9 } },
    ])
  })

  it('asks nothing for no lines', async () => {
    expect(await parseWithOpenAI({ ai: aiWith() }, [])).toEqual([])
    expect(provider.requests).toHaveLength(0)
  })

  it('answers 400 when OpenAI is not configured, without a request', async () => {
    const off = createAiProvider(loadConfig({}))
    const failure = await failureOf(parseWithOpenAI({ ai: off }, ['1 cup milk']))
    expect([failure.statusCode, failure.message]).toEqual([400, 'OpenAI is not configured'])
  })

  it.each([
    [{ kind: 'status', status: 503 } as const, 502, 'Failed to call OpenAI services: the provider answered 503'],
    [{ kind: 'not-json' } as const, 502, 'Failed to parse OpenAI response'],
    [{ kind: 'empty' } as const, 502, 'No response from OpenAI'],
  ])('answers %o from the provider with %i', async (behaviour, status, message) => {
    provider.behave(behaviour)
    const failure = await failureOf(parseWithOpenAI({ ai: aiWith() }, ['1 cup milk']))
    expect([failure.statusCode, failure.message]).toEqual([status, message])
  })

  it('answers 502 naming the status when the key is wrong, and 504 when the provider is too slow', async () => {
    const wrongKey = await failureOf(parseWithOpenAI({ ai: aiWith({ OPENAI_API_KEY: 'sk-wrong' }) }, ['1 cup milk']))
    expect([wrongKey.statusCode, wrongKey.message]).toEqual([
      502,
      'Failed to call OpenAI services: the provider answered 401',
    ])

    provider.behave({ kind: 'answer', delayMs: 5_000 })
    const slow = await failureOf(parseWithOpenAI({ ai: aiWith({ OPENAI_REQUEST_TIMEOUT: '0.3' }) }, ['1 cup milk']))
    expect([slow.statusCode, slow.message]).toEqual([504, 'OpenAI services did not answer within 0.3 seconds'])
  })

  it('answers 502 when the provider cannot be reached', async () => {
    const nowhere = createAiProvider(
      loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'm' }),
    )
    const failure = await failureOf(parseWithOpenAI({ ai: nowhere }, ['1 cup milk']))
    expect([failure.statusCode, failure.message]).toEqual([
      502,
      'Failed to call OpenAI services: the provider could not be reached',
    ])
  })
})

describe('POST /api/parser/ingredients with the openai parser', () => {
  it('parses through the provider and matches to the group’s units and foods, telling the model their names', async () => {
    const { api, make } = await createTestApp(provider.environment)
    const cook = await make.user({ canOrganize: true })
    const cup = await api.ok(createUnit, { as: cook, body: { name: 'Cups', pluralName: 'cups', abbreviation: 'c' } })
    const flour = await api.ok(createFood, { as: cook, body: { name: 'flour' } })

    const [parsed, unmatched] = await api.ok(parseIngredients, {
      as: cook,
      body: { parser: 'openai', ingredients: ['1 1/2 cups flour, sifted', '2 handfuls spinach'] },
    })

    expect(parsed).toMatchObject({
      input: '1 1/2 cups flour, sifted',
      confidence: { average: 0.9 },
      ingredient: {
        quantity: 1.5,
        unit: { id: cup.id },
        food: { id: flour.id },
        note: 'sifted',
        originalText: '1 1/2 cups flour, sifted',
      },
    })
    expect(unmatched!.ingredient).toMatchObject({ quantity: 2, unit: null, food: { name: 'handfuls spinach' } })
    expect(provider.requests[0]!.messages[0]!.content).toContain('["Cups","cups","c"]')
  })
})
