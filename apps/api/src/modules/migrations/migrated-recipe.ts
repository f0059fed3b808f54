import type { nutritionFields } from '@larder/contracts'

export type NutritionField = (typeof nutritionFields)[number]

/**
 * A picture of an export: an archive entry, whose bytes are inflated when they are read. Readers keep this, not the
 * bytes, so an export's pictures are in memory one at a time, while each is converted.
 */
export interface Picture {
  readonly bytes: Buffer
}

/** One ingredient line as the other app printed it; `title` starts a section ("For the sauce") at this line. */
export interface MigratedIngredient {
  text: string
  title?: string
}

export interface MigratedStep {
  text: string
  title?: string
}

/**
 * A recipe read from another app's export, before it is stored: plain text throughout (ingredients as lines, to be
 * parsed on import), organizers by name, the picture as bytes or as an address to download. Readers build these;
 * they never touch the database or the disk.
 */
export interface MigratedRecipe {
  name: string
  description?: string
  ingredients: MigratedIngredient[]
  steps: MigratedStep[]
  recipeYield?: string
  recipeServings?: number
  prepTime?: string
  cookTime?: string
  performTime?: string
  totalTime?: string
  nutrition?: Partial<Record<NutritionField, string>>
  tags: string[]
  categories: string[]
  tools?: string[]
  notes: Array<{ title: string; text: string }>
  orgURL?: string
  /** The picture inside the archive, inflated only when it is converted; `imageUrl` when the export links to one. */
  image?: Picture
  imageUrl?: string
  /** `YYYY-MM-DD`. */
  dateAdded?: string
  lastMade?: Date
  /** 1–5; 0 and missing mean not rated. */
  rating?: number
}

/** One recipe of an export: read, or not readable (which becomes a failed report entry, the others still import). */
export type MigrationItem = { ok: true; recipe: MigratedRecipe } | { ok: false; message: string; exception: string }

/** A recipe read from an export's HTML page in a page-reading thread: its picture as the page names it. */
export type PageItem = MigrationItem & { picture?: string }

export const readRecipe = (recipe: MigratedRecipe): MigrationItem => ({ ok: true, recipe })

/** A failure entry as Mealie words it (docs/mealie-compatibility.md "Migration reports"): `<ExceptionType>: <message>`. */
export function unreadable(message: string, error: unknown): MigrationItem {
  const exception = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return { ok: false, message, exception }
}

/** A new, empty recipe of this name; readers fill in what their format has. */
export const blankRecipe = (name: string): MigratedRecipe => ({
  name,
  ingredients: [],
  steps: [],
  tags: [],
  categories: [],
  notes: [],
})

/**
 * A recipe's report entry (docs/mealie-compatibility.md "Migration reports"), with why it came without its picture when it did: said at once for a
 * picture in the export, later (the entry reworded) for one it only links to.
 */
export const importedMessage = (name: string, withoutPicture?: string) =>
  `Imported ${name} successfully${withoutPicture ? ` (without a picture: ${withoutPicture})` : ''}`
