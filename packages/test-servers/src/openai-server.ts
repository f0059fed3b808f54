// A small server on 127.0.0.1 that speaks OpenAI's chat completions API, enough for Larder's image import and its
// `openai` ingredient parser. It answers from the request, deterministically: a question with pictures gets a
// schema.org Recipe, a question whose text is a JSON array of ingredient lines gets each line split into quantity,
// unit, food and note by a few plain rules, and a question asked without JSON mode gets a short greeting. It checks
// the bearer key and records every request, and it can be told to be slow, to fail with a status, or to answer
// something that is not JSON.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

export interface ChatMessage {
  role: string
  content: string | ChatContentPart[]
}

/** One request as the server received it. */
export interface RecordedChat {
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  model: string
  messages: ChatMessage[]
  responseFormat: unknown
  temperature: unknown
  /** The text of the user message (its text parts joined). */
  userText: string
  /** The data URLs of the pictures in the user message, in order. */
  imageUrls: string[]
}

/**
 * How the next requests are answered: `answer` (the default) as described above; `delayMs` waits that long first,
 * `shuffleAndDropFirst` answers the ingredient lines in reverse order without the first one (a sloppy model);
 * `status` fails with that HTTP status and an OpenAI error body; `not-json` answers 200 with prose in place of JSON;
 * `empty` answers 200 with no message content.
 */
export type Behaviour =
  | { kind: 'answer'; delayMs?: number; shuffleAndDropFirst?: boolean }
  | { kind: 'status'; status: number }
  | { kind: 'not-json' }
  | { kind: 'empty' }

export interface TestOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`, what OPENAI_BASE_URL points at. */
  baseUrl: string
  apiKey: string
  model: string
  /** OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL for this server. */
  environment: Record<string, string>
  /** Every chat request received, oldest first. */
  requests: RecordedChat[]
  behave(behaviour: Behaviour): void
  /** Replaces the recipe answered to questions with pictures. */
  setRecipe(recipe: Record<string, unknown>): void
  stop(): Promise<void>
}

/** What a question with pictures is answered, unless a test sets another. */
export const cannedRecipe = {
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Grandma’s Buttermilk Pancakes',
  description: 'Fluffy pancakes from a handwritten card.',
  recipeYield: '4 servings',
  prepTime: 'PT10M',
  cookTime: 'PT15M',
  totalTime: 'PT25M',
  recipeIngredient: ['2 cups flour', '1 1/2 cups buttermilk', '2 eggs', '1 pinch salt'],
  recipeInstructions: [
    { '@type': 'HowToStep', text: 'Whisk the flour and the salt.' },
    { '@type': 'HowToStep', text: 'Stir in the buttermilk and the eggs.' },
    { '@type': 'HowToStep', text: 'Fry ladlefuls in a hot pan until golden.' },
  ],
  keywords: 'breakfast, pancakes',
} as const

const knownUnits = new Set([
  'cup',
  'cups',
  'tbsp',
  'tablespoon',
  'tablespoons',
  'tsp',
  'teaspoon',
  'teaspoons',
  'g',
  'gram',
  'grams',
  'kg',
  'ml',
  'l',
  'oz',
  'ounce',
  'ounces',
  'lb',
  'lbs',
  'pound',
  'pounds',
  'pinch',
  'clove',
  'cloves',
  'can',
  'cans',
])

function quantityOf(word: string): number | null {
  if (/^\d+(\.\d+)?$/.test(word)) return Number(word)
  const fraction = /^(\d+)\/(\d+)$/.exec(word)
  if (fraction && Number(fraction[2]) !== 0) return Number(fraction[1]) / Number(fraction[2])
  return null
}

/** "1 1/2 cups flour, sifted" → 1.5, "cups", "flour", "sifted": the plain rules the canned parser answers with. */
export function splitIngredientLine(line: string) {
  const [main = '', ...noteParts] = line.split(',')
  const words = main.trim().split(/\s+/).filter(Boolean)
  let quantity = 0
  while (words.length > 0) {
    const value = quantityOf(words[0]!)
    if (value === null) break
    quantity += value
    words.shift()
  }
  const unit = words.length > 1 && knownUnits.has(words[0]!.toLowerCase()) ? words.shift()! : null
  const food = words.join(' ') || null
  const note = noteParts.join(',').trim() || null
  return { input: line, confidence: 90, quantity, unit, food, note }
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content
  return content
    .filter((part): part is Extract<ChatContentPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n')
}

function imagesOf(content: ChatMessage['content']): string[] {
  if (typeof content === 'string') return []
  return content
    .filter((part): part is Extract<ChatContentPart, { type: 'image_url' }> => part.type === 'image_url')
    .map((part) => part.image_url.url)
}

/** The ingredient lines when the user text is a JSON array of strings, else null. */
function ingredientLinesOf(text: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) && parsed.every((line) => typeof line === 'string') ? parsed : null
  } catch {
    return null
  }
}

/** The plain-text reply to a question asked without JSON mode (a connection test): what it heard and saw. */
export function greeting(chat: Pick<RecordedChat, 'imageUrls'>): string {
  const pictures = chat.imageUrls.length
  return pictures === 0
    ? 'Hello! I can hear you.'
    : `Hello! I can hear you and I see ${pictures} picture${pictures === 1 ? '' : 's'}.`
}

function completion(model: string, content: string | null) {
  return {
    id: `chatcmpl-test-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }
}

async function jsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const openAIError = (message: string, type: string) => ({ error: { message, type, param: null, code: null } })

export async function startOpenAIServer(options: { apiKey?: string; model?: string } = {}): Promise<TestOpenAIServer> {
  const apiKey = options.apiKey ?? 'sk-test-larder'
  const model = options.model ?? 'gpt-test-vision'
  const requests: RecordedChat[] = []
  let behaviour: Behaviour = { kind: 'answer' }
  let recipe: Record<string, unknown> = { ...cannedRecipe }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      return send(
        response,
        404,
        openAIError(`Unknown request URL: ${request.method} ${url.pathname}`, 'invalid_request_error'),
      )
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return send(response, 401, openAIError('Incorrect API key provided', 'invalid_request_error'))
    }
    let body: { model?: string; messages?: ChatMessage[]; response_format?: unknown; temperature?: unknown }
    try {
      body = (await jsonBody(request)) as typeof body
    } catch {
      return send(
        response,
        400,
        openAIError('We could not parse the JSON body of your request', 'invalid_request_error'),
      )
    }
    const messages = body.messages ?? []
    const user = messages.findLast((message) => message.role === 'user')
    const recorded: RecordedChat = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      model: body.model ?? '',
      messages,
      responseFormat: body.response_format,
      temperature: body.temperature,
      userText: user ? textOf(user.content) : '',
      imageUrls: user ? imagesOf(user.content) : [],
    }
    requests.push(recorded)
    if (recorded.model !== model) {
      return send(response, 404, openAIError(`The model \`${recorded.model}\` does not exist`, 'invalid_request_error'))
    }

    const current = behaviour
    if (current.kind === 'status')
      return send(response, current.status, openAIError('Simulated failure', 'server_error'))
    if (current.kind === 'not-json') return send(response, 200, completion(model, 'Here is your recipe: pancakes!'))
    if (current.kind === 'empty') return send(response, 200, completion(model, null))
    if (current.delayMs) await new Promise((resolve) => setTimeout(resolve, current.delayMs))

    if (recorded.responseFormat === undefined) return send(response, 200, completion(model, greeting(recorded)))
    const lines = recorded.imageUrls.length === 0 ? ingredientLinesOf(recorded.userText) : null
    const parsed = lines?.map(splitIngredientLine)
    if (parsed && current.shuffleAndDropFirst) parsed.reverse().pop()
    const content = parsed ? { ingredients: parsed } : recipe
    send(response, 200, completion(model, JSON.stringify(content)))
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      send(response, 500, openAIError(error instanceof Error ? error.message : 'failed', 'server_error'))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`

  return {
    baseUrl,
    apiKey,
    model,
    environment: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey, OPENAI_MODEL: model },
    requests,
    behave(next) {
      behaviour = next
    },
    setRecipe(next) {
      recipe = next
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
