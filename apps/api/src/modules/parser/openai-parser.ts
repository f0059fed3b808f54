import type { Config } from '../../config.js'
import { badRequest } from '../../http/errors.js'

/** What the OpenAI provider reads: the settings (`OPENAI_*`, reference §8.4) and a logger. */
export interface OpenAIParserDependencies {
  config: Config
  log: (message: string, error?: unknown) => void
}

/** One line as the OpenAI parser reads it (reference §8.4): confidence 0–1, the rest as the model gave it. */
export interface OpenAIParsedLine {
  input: string
  confidence: number | null
  quantity: number | null
  unit: string | null
  food: string | null
  note: string | null
}

/**
 * The "openai" ingredient parser. A placeholder until the OpenAI provider lands: it refuses with 400 "OpenAI is not
 * configured" (Mealie answers 500; that the server has no provider is an expected failure, so a 4xx here). The
 * replacement keeps this signature: one answer per line, in order; the parser service matches them to the group.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- the provider it stands in for is asynchronous
export async function parseWithOpenAI(deps: OpenAIParserDependencies, lines: string[]): Promise<OpenAIParsedLine[]> {
  void deps
  void lines
  throw badRequest('OpenAI is not configured')
}
