import fs from 'node:fs/promises'
import path from 'node:path'
import type { Recipe } from '@larder/contracts'
import type * as NunjucksModule from 'nunjucks'
import { badRequest, notFound } from '../../http/errors.js'

/**
 * Recipe export templates (docs/mealie-compatibility.md "Recipe exports"): Jinja2 files rendered with the recipe as `recipe`. Larder ships
 * `recipes.md`; administrators add their own as files in `DATA_DIR/templates` (one of theirs named `recipes.md`
 * replaces the shipped one). Nunjucks reads Jinja2's syntax; it is loaded on the first rendering, not at start-up.
 */

/** A template's name as the query gives it: a plain file name, never a path. */
export const templateNamePattern = /^[A-Za-z0-9][A-Za-z0-9 _-]*(\.[A-Za-z0-9_-]+)*$/

/** Larger files are not templates an administrator meant; reading them whole would cost memory for nothing. */
const largestTemplateBytes = 256 * 1024

const shippedTemplates: Record<string, string> = {
  'recipes.md': `{% if recipe.image %}![{{ recipe.name }}](/api/media/recipes/{{ recipe.id }}/images/original.webp)

{% endif %}# {{ recipe.name }}
{% if recipe.description %}
{{ recipe.description }}
{% endif %}
{% for label, time in [["Total time", recipe.totalTime], ["Prep time", recipe.prepTime], ["Cook time", recipe.performTime or recipe.cookTime]] %}{% if time %}**{{ label }}:** {{ time }}  
{% endif %}{% endfor %}{% if recipe.recipeYield %}**Yield:** {{ recipe.recipeYield }}
{% endif %}
## Ingredients

{% for ingredient in recipe.recipeIngredient %}{% if ingredient.title %}
### {{ ingredient.title }}

{% endif %}- [ ] {{ ingredient.display or ingredient.note or ingredient.originalText }}
{% endfor %}
## Instructions

{% for step in recipe.recipeInstructions %}{% if step.title %}
### {{ step.title }}

{% endif %}{{ loop.index }}. {{ step.text }}
{% endfor %}{% if recipe.notes | length %}
## Notes
{% for note in recipe.notes %}
{% if note.title %}**{{ note.title }}:** {% endif %}{{ note.text }}
{% endfor %}{% endif %}
---
{% if recipe.tags | length %}
Tags: {{ recipe.tags | join(", ", "name") }}  {% endif %}{% if recipe.recipeCategory | length %}
Categories: {{ recipe.recipeCategory | join(", ", "name") }}  {% endif %}{% if recipe.orgURL %}
Original URL: {{ recipe.orgURL }}{% endif %}
`,
}

export interface RenderedExport {
  fileName: string
  contentType: string
  body: string
}

type Nunjucks = typeof NunjucksModule
type MemberLookup = (object: unknown, member: unknown, ...rest: unknown[]) => unknown

/** Members that lead from data to code (`"".constructor.constructor(…)`): a template reads data, never these. */
const codeMembers = new Set(['constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__'])

/** Nunjucks with Jinja2's Python-style members (`.items()`, slices), and no way from data to code. */
async function importNunjucks(): Promise<Nunjucks> {
  const imported = await import('nunjucks')
  const nunjucks = (imported as { default?: Nunjucks }).default ?? imported
  nunjucks.installJinjaCompat()
  const runtime = nunjucks.runtime as unknown as { memberLookup: MemberLookup }
  const lookup = runtime.memberLookup
  runtime.memberLookup = (object, member, ...rest) =>
    codeMembers.has(String(member)) ? undefined : lookup(object, member, ...rest)
  return nunjucks
}

let nunjucksLoading: Promise<Nunjucks> | null = null
const loadNunjucks = () => (nunjucksLoading ??= importNunjucks())

export function createExportTemplates(dataDirectory: string) {
  const directory = path.join(dataDirectory, 'templates')

  /** The administrators' template files: plain names, regular files, inside the templates folder. */
  async function ownTemplates(): Promise<string[]> {
    const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => [])
    return entries.filter((entry) => entry.isFile() && templateNamePattern.test(entry.name)).map((entry) => entry.name)
  }

  /** The text of a template, or null: a symbolic link out of the folder or an oversized file is not one. */
  async function ownTemplate(name: string): Promise<string | null> {
    if (!templateNamePattern.test(name)) return null
    const file = path.join(directory, name)
    const [real, folder] = await Promise.all([
      fs.realpath(file).catch(() => null),
      fs.realpath(directory).catch(() => ''),
    ])
    if (!real || path.dirname(real) !== folder) return null
    const stats = await fs.stat(real)
    if (!stats.isFile() || stats.size > largestTemplateBytes) return null
    return fs.readFile(real, 'utf8')
  }

  return {
    /** Every template name, shipped and the administrators', sorted. */
    async names(): Promise<string[]> {
      return [...new Set([...Object.keys(shippedTemplates), ...(await ownTemplates())])].sort()
    },

    /** The recipe through the named template, as `<slug><extension of the template>`. */
    async render(recipe: Recipe, name: string): Promise<RenderedExport> {
      const source = (await ownTemplate(name)) ?? shippedTemplates[name]
      if (source === undefined) throw notFound(`No export template named ${name}`)
      const nunjucks = await loadNunjucks()
      // No loader: `include`, `import` and `extends` find nothing, so a template reads no file but itself.
      const environment = new nunjucks.Environment([], { autoescape: false })
      let body: string
      try {
        body = environment.renderString(source, { recipe })
      } catch (error) {
        const reason = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : String(error)
        throw badRequest(`The export template ${name} could not be rendered: ${reason}`)
      }
      const extension = path.extname(name)
      return {
        fileName: `${recipe.slug}${extension || '.txt'}`,
        contentType: extension === '.md' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8',
        body,
      }
    },
  }
}

export type ExportTemplates = ReturnType<typeof createExportTemplates>
