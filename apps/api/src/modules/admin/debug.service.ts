import type { DebugResponse } from '@larder/contracts'
import { refusedPicture } from '../../http/upload-form.js'
import { maximumRecipeImageBytes, recipeImageAsJpeg } from '../../lib/recipe-images.js'
import { OpenAIError, type AiProvider, type ChatImage } from '../ai/index.js'

/** A test picture needs no detail: small costs the fewest tokens and still shows that pictures get through. */
const testPictureLongSide = 512

const systemPrompt =
  'You are answering a connection test from Larder, a recipe manager. Reply with one short, friendly sentence. ' +
  'When a picture is attached, say in a few words what you see in it.'

/**
 * `POST /api/admin/debug/openai` (docs/mealie-compatibility.md "Administration"): asks the configured OpenAI-compatible provider a short
 * question, with the administrator's picture when one is sent, and says whether it answered. As Mealie does, every
 * outcome of the provider is a 200 whose `success` says it, with Mealie's sentences; the cause of a failure is logged.
 */
export function createAdminDebugService(deps: { ai: AiProvider; log: (message: string, error?: unknown) => void }) {
  const { ai, log } = deps

  return {
    maximumImageBytes: maximumRecipeImageBytes,

    async testOpenAI(image: Buffer | undefined): Promise<DebugResponse> {
      if (!ai.enabled) return { success: false, response: 'OpenAI is not enabled' }
      if (image && !ai.imageServicesEnabled) {
        return { success: false, response: 'Image was provided, but OpenAI image services are not enabled' }
      }
      const images: ChatImage[] = []
      if (image) {
        // Checked and made small first: a file that is no picture is the sender's mistake, not the provider's.
        const jpeg = await recipeImageAsJpeg(image, testPictureLongSide).catch((error: unknown) => {
          throw refusedPicture(error, 'The image')
        })
        images.push({ mediaType: 'image/jpeg', data: jpeg })
      }
      const question = image
        ? 'Hello, checking to see if I can reach you. Here is an image to test with:'
        : 'Hello, checking to see if I can reach you.'
      try {
        const reply = await ai.chatText({ system: systemPrompt, user: question, images })
        return { success: true, response: `OpenAI is working. Response: "${reply}"` }
      } catch (error) {
        if (!(error instanceof OpenAIError)) throw error
        log('The OpenAI test request failed', error)
        return {
          success: false,
          response: `OpenAI request failed. Full error has been logged. ${error.name}: "${error.message}"`,
        }
      }
    },
  }
}

export type AdminDebugService = ReturnType<typeof createAdminDebugService>
