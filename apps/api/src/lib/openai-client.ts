/**
 * A client for the chat completions API that OpenAI and the servers compatible with it speak (Ollama, LiteLLM,
 * vLLM, LocalAI…): one request, in JSON mode or plain text, pictures as data URLs. It knows nothing of Larder; callers turn its errors
 * into answers (modules/ai).
 *
 * It does not go through the outbound guard (outbound-fetch.ts) on purpose, as Mealie does not guard its OpenAI calls:
 * the base URL is the administrator's configuration, not a user's input, and a provider on the local network (Ollama
 * on the same machine) is the usual self-hosted setup that the guard would refuse.
 */

export interface OpenAIClientSettings {
  /** The API root, such as `https://api.openai.com/v1`; `/chat/completions` is added to it. */
  baseUrl: string
  apiKey: string
  model: string
  /** For the whole exchange: connecting, the provider thinking, and reading its answer. */
  timeoutMs: number
  /** Sent with every request (OPENAI_CUSTOM_HEADERS). */
  headers?: Readonly<Record<string, string>>
  /** Added to every request URL (OPENAI_CUSTOM_PARAMS). */
  queryParams?: Readonly<Record<string, string>>
}

/** A picture sent with the question, already in a format every provider reads (JPEG, PNG, WebP). */
export interface ChatImage {
  mediaType: string
  data: Buffer
}

export interface ChatRequest {
  /** The instructions: what to do and, in JSON mode, the shape to answer with. */
  system: string
  /** The material: text, and the pictures sent after it. */
  user: string
  images?: readonly ChatImage[]
  temperature?: number
}

/** Everything the client throws is one of these. */
export class OpenAIError extends Error {}

/** The provider could not be reached at all (refused connection, unknown host, TLS failure). */
export class OpenAIUnreachable extends OpenAIError {
  constructor(cause: unknown) {
    super(`The AI provider could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'OpenAIUnreachable'
  }
}

/** The provider did not finish answering within the timeout. */
export class OpenAITimeout extends OpenAIError {
  constructor(readonly timeoutMs: number) {
    super(`The AI provider did not answer within ${timeoutMs / 1000} s`)
    this.name = 'OpenAITimeout'
  }
}

/** The provider answered with a status other than 2xx; `providerMessage` is its `error.message` when it gave one. */
export class OpenAIHttpError extends OpenAIError {
  constructor(
    readonly status: number,
    readonly providerMessage: string | null,
  ) {
    super(`The AI provider answered ${status}${providerMessage ? `: ${providerMessage}` : ''}`)
    this.name = 'OpenAIHttpError'
  }
}

/** The provider answered 2xx, but with no message, or (in JSON mode) a message that is not a JSON object. */
export class OpenAIBadReply extends OpenAIError {
  constructor(readonly reason: 'empty' | 'not-json') {
    super(reason === 'empty' ? 'The AI provider sent no answer' : 'The AI provider did not answer with a JSON object')
    this.name = 'OpenAIBadReply'
  }
}

/** A chat answer is a few kilobytes; more than this is not an answer to our question. */
const maximumReplyBytes = 4 * 1024 * 1024

function completionsUrl(settings: OpenAIClientSettings): string {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`)
  for (const [name, value] of Object.entries(settings.queryParams ?? {})) url.searchParams.set(name, value)
  return url.toString()
}

function userContent(chat: ChatRequest) {
  if (!chat.images?.length) return chat.user
  return [
    { type: 'text', text: chat.user },
    ...chat.images.map((image) => ({
      type: 'image_url',
      image_url: { url: `data:${image.mediaType};base64,${image.data.toString('base64')}` },
    })),
  ]
}

/** Models asked for JSON still sometimes wrap it in a Markdown fence; the object inside is the answer. */
function jsonObjectOf(content: string): Record<string, unknown> {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  let parsed: unknown
  try {
    parsed = JSON.parse(unfenced)
  } catch {
    throw new OpenAIBadReply('not-json')
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new OpenAIBadReply('not-json')
  return parsed as Record<string, unknown>
}

async function readCapped(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > maximumReplyBytes) throw new OpenAIBadReply('not-json')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function providerMessageOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string }
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message
    return typeof message === 'string' ? message.slice(0, 300) : null
  } catch {
    return null
  }
}

export function createOpenAIClient(settings: OpenAIClientSettings) {
  const url = completionsUrl(settings)

  /** Sends one question and answers the text of the reply; `jsonMode` asks for a JSON object. */
  async function complete(chat: ChatRequest, jsonMode: boolean): Promise<string> {
    const payload = {
      model: settings.model,
      messages: [
        { role: 'system', content: chat.system },
        { role: 'user', content: userContent(chat) },
      ],
      ...(jsonMode ? { response_format: { type: 'json_object' } } : {}),
      temperature: chat.temperature ?? 0.2,
    }
    const signal = AbortSignal.timeout(settings.timeoutMs)
    let status: number
    let text: string
    // undici loads with the first request to the provider, not at start-up (bench/cold-start).
    const { errors: undiciErrors, request } = await import('undici')
    try {
      const answer = await request(url, {
        method: 'POST',
        headers: {
          ...settings.headers,
          authorization: `Bearer ${settings.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(payload),
        signal,
      })
      status = answer.statusCode
      text = await readCapped(answer.body)
    } catch (error) {
      if (error instanceof OpenAIError) throw error
      if (signal.aborted || error instanceof undiciErrors.HeadersTimeoutError) {
        throw new OpenAITimeout(settings.timeoutMs)
      }
      if (error instanceof undiciErrors.BodyTimeoutError) throw new OpenAITimeout(settings.timeoutMs)
      throw new OpenAIUnreachable(error)
    }
    if (status < 200 || status >= 300) throw new OpenAIHttpError(status, providerMessageOf(text))
    let completion: { choices?: Array<{ message?: { content?: unknown } }> }
    try {
      completion = JSON.parse(text) as typeof completion
    } catch {
      throw new OpenAIBadReply('not-json')
    }
    const content = completion.choices?.[0]?.message?.content
    if (typeof content !== 'string' || content.trim() === '') throw new OpenAIBadReply('empty')
    return content
  }

  return {
    model: settings.model,

    /** Asks one question in JSON mode and answers the JSON object the model replied with. */
    async chatJson(chat: ChatRequest): Promise<Record<string, unknown>> {
      return jsonObjectOf(await complete(chat, true))
    },

    /** Asks one question and answers the model's reply as it wrote it. */
    async chatText(chat: ChatRequest): Promise<string> {
      return (await complete(chat, false)).trim()
    },
  }
}

export type OpenAIClient = ReturnType<typeof createOpenAIClient>
