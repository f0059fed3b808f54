import type { Config } from '../../config.js'
import { badRequest, HttpError } from '../../http/errors.js'
import {
  createOpenAIClient,
  OpenAIBadReply,
  OpenAIHttpError,
  OpenAITimeout,
  OpenAIUnreachable,
  type ChatRequest,
} from '../../lib/openai-client.js'

export type { ChatImage, ChatRequest } from '../../lib/openai-client.js'
export { OpenAIError } from '../../lib/openai-client.js'

/** Where requests go when OPENAI_BASE_URL is unset. */
const defaultBaseUrl = 'https://api.openai.com/v1'

/**
 * A provider failure as the answer a person sees (docs/mealie-compatibility.md "OpenAI parser" keeps Mealie's words where it has them). The
 * provider is upstream of us, so its failures are 502 and its slowness 504, never a bare 500; the provider's own
 * status is named because it is what an administrator needs (401: the key, 404: the model name, 429: the quota).
 */
function answerFor(error: unknown): unknown {
  if (error instanceof OpenAITimeout) {
    return new HttpError(504, `OpenAI services did not answer within ${error.timeoutMs / 1000} seconds`)
  }
  if (error instanceof OpenAIHttpError) {
    return new HttpError(502, `Failed to call OpenAI services: the provider answered ${error.status}`)
  }
  if (error instanceof OpenAIUnreachable) {
    return new HttpError(502, 'Failed to call OpenAI services: the provider could not be reached')
  }
  if (error instanceof OpenAIBadReply) {
    return new HttpError(502, error.reason === 'empty' ? 'No response from OpenAI' : 'Failed to parse OpenAI response')
  }
  return error
}

const notEnabled = () => badRequest('OpenAI services are not enabled: set OPENAI_API_KEY to use them')

/**
 * The OpenAI-compatible provider configured by OPENAI_* (docs/configuration.md "Mealie's settings"): whether it is on, for image features too,
 * and one JSON-mode chat whose failures are already answers (400 off, 502 failed, 504 too slow). Shared by image
 * import and the `openai` ingredient parser.
 */
export function createAiProvider(config: Config) {
  const client = config.openaiReady
    ? createOpenAIClient({
        baseUrl: config.OPENAI_BASE_URL ?? defaultBaseUrl,
        apiKey: config.OPENAI_API_KEY ?? '',
        model: config.OPENAI_MODEL,
        timeoutMs: config.OPENAI_REQUEST_TIMEOUT * 1000,
        headers: config.OPENAI_CUSTOM_HEADERS,
        queryParams: config.OPENAI_CUSTOM_PARAMS,
      })
    : null

  return {
    enabled: config.openaiReady,
    imageServicesEnabled: config.openaiImageServicesReady,
    /** Ingredient lines per request of the `openai` parser (OPENAI_WORKERS). */
    linesPerRequest: config.OPENAI_WORKERS,
    /** Whether prompts may carry the group's own data, such as its unit names (OPENAI_SEND_DATABASE_DATA). */
    sendDatabaseData: config.OPENAI_SEND_DATABASE_DATA,

    async chatJson(chat: ChatRequest): Promise<Record<string, unknown>> {
      if (!client) throw notEnabled()
      return client.chatJson(chat).catch((error: unknown) => {
        throw answerFor(error)
      })
    },

    /**
     * One plain-text question, the reply as the model wrote it. Its failures stay the client's own (OpenAIError),
     * for a caller that reports them rather than answers with them: the administrators' test of the provider.
     */
    async chatText(chat: ChatRequest): Promise<string> {
      if (!client) throw notEnabled()
      return client.chatText(chat)
    },
  }
}

export type AiProvider = ReturnType<typeof createAiProvider>
