import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { badRequest } from '../../http/errors.js'
import { refusedPicture } from '../../http/upload-form.js'
import { maximumRecipeImageBytes, recipeImageAsJpeg } from '../../lib/recipe-images.js'
import type { AiProvider, ChatImage } from '../ai/index.js'
import type { RecipesModule } from '../recipes/index.js'
import { recipeFromSchemaOrg } from './image-import.schema-org.js'
import { ingredientsFromLines } from './ingredient-lines.js'
import { recipeContentOf } from './recipe-content.js'

/** Photos per recipe: a card's two sides, a cookbook spread, a few screenshots. */
export const maximumPictures = 8

/**
 * The long side of what the provider is sent. OpenAI's models scale a picture to fit 2048 × 2048 before reading it,
 * so larger costs upload time and tokens and reads no better; handwriting still reads at this size.
 */
const providerLongSide = 2048

/** Mealie's message, word for word (docs/mealie-compatibility.md "Creating recipes"), so its clients show what they expect. */
const notEnabledMessage = 'OpenAI image services are not enabled'

/** What the provider is asked: the photos' recipe as schema.org JSON, nothing invented (Mealie's parse-recipe-image). */
const systemPrompt = `You read photographs of a recipe: a recipe card, a cookbook page, a handwritten note or a screenshot.
Answer with the recipe as one JSON object in the schema.org Recipe format, with these keys:
- "@type": "Recipe"
- "name": the recipe's title
- "description": a short description when the photos give one, else ""
- "recipeYield": how much it makes or serves, as written (for example "4 servings")
- "prepTime", "cookTime", "totalTime": ISO 8601 durations (for example "PT1H30M"), only when the photos say them
- "recipeIngredient": an array of strings, one ingredient per item, with its amount and unit exactly as written
- "recipeInstructions": an array of {"@type": "HowToStep", "text": "..."}, one per step, in order, without numbering
- "notes": an array of {"title": "", "text": "..."} for tips or remarks that are neither ingredients nor steps
Keep the recipe's own words and language unless asked to translate. Never invent anything that is not in the photos;
leave out keys you cannot read. When several photos are given, they are pages of one recipe. When the photos hold no
recipe, answer {}.`

/**
 * `POST /api/recipes/create/image` (docs/mealie-compatibility.md "Creating recipes", docs/mealie-compatibility.md "After Mealie 2.0"): photos of a recipe, read by the configured
 * OpenAI-compatible provider, become a recipe of the caller's with the first photo as its picture.
 */
export function createImageImportService(deps: {
  db: Database
  ai: AiProvider
  recipes: Pick<RecipesModule, 'service' | 'images'>
}) {
  const { db, ai, recipes } = deps

  function requireEnabled(): void {
    if (!ai.imageServicesEnabled) throw badRequest(notEnabledMessage)
  }

  return {
    maximumPictureBytes: maximumRecipeImageBytes,

    /** Refuses when image services are off: the route asks before it reads the photos. */
    requireEnabled,

    /** The slug of the new recipe. */
    async create(caller: Caller, pictures: Buffer[], translateLanguage: string | undefined): Promise<string> {
      requireEnabled()
      // Every photo is checked, and made small, before the provider is asked: a wrong file costs no tokens.
      const images: ChatImage[] = []
      for (const [index, picture] of pictures.entries()) {
        const jpeg = await recipeImageAsJpeg(picture, providerLongSide).catch((error: unknown) => {
          throw refusedPicture(error, `Photo ${index + 1}`)
        })
        images.push({ mediaType: 'image/jpeg', data: jpeg })
      }

      let question = 'Please extract the recipe from the images provided.'
      if (translateLanguage?.trim()) question += ` Please translate the recipe to ${translateLanguage.trim()}.`
      const answer = await ai.chatJson({ system: systemPrompt, user: question, images, temperature: 0.2 })

      const read = recipeFromSchemaOrg(answer)
      if (!read) throw badRequest('No recipe could be read from these photos')
      // Parsed and matched to the group's foods and units as every importer's lines are, the line kept as written.
      const ingredients = await ingredientsFromLines(db, caller, read.recipe.ingredients)
      // The photos' words are not the caller's choice of organizers: keywords a model read stay out, as on a page.
      const content = recipeContentOf(read.recipe, ingredients, { includeTags: false, includeCategories: false })
      const created = await recipes.service.createWithContent(caller, { ...content, notes: read.notes })
      try {
        await recipes.images.upload(caller, created.slug, pictures[0]!)
      } catch (error) {
        // The photo was read a moment ago, so this is rare (the image queue full, the disk); no recipe without it.
        await recipes.service.delete(caller, created.id).catch(() => undefined)
        throw error
      }
      return created.slug
    },
  }
}

export type ImageImportService = ReturnType<typeof createImageImportService>
