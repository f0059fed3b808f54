import {
  buildPath,
  endpointAddress,
  exploreFirstPageAddress,
  exploreRecipe,
  explorerFirstPageAddress,
  getRecipe,
  listOwnRatings,
  type Recipe,
  type RecipeSummary,
} from '@larder/contracts'
import { drawnWebPages, matchWebPage, sharedRecipePagePath, type DrawnWebPage } from '@larder/contracts/web-pages'
import { formatIsoDuration, parseDuration } from '@larder/kitchen'
import type { FastifyRequest } from 'fastify'
import type { Caller } from '../http/authentication.js'
import type { FirstPaintDescription, ReadAnswer } from './first-paint-parts.js'
import type { PageDescription } from './web-app.js'
import { explorerFirstPaint, recipeFirstPaint } from './first-paint.js'
import { firstPaintStyle } from './first-paint-style.js'
import type { ExplorePageFacts, ExploreService } from '../modules/explore/index.js'

/** "1 hour 30 minutes" → "PT1H30M"; null when the text is no duration. */
function isoDuration(text: string | null | undefined): string | undefined {
  const minutes = parseDuration(text)
  return minutes === null || minutes <= 0 ? undefined : formatIsoDuration(minutes)
}

/** The schema.org Recipe of a recipe (https://schema.org/Recipe), for search engines and chat apps. */
export function recipeStructuredData(
  recipe: Recipe,
  facts: { imageUrl: string | null; authorName: string | null; ratingCount: number },
) {
  const yieldText =
    recipe.recipeYield?.trim() || (recipe.recipeServings ? `${recipe.recipeServings} servings` : undefined)
  const tags = recipe.tags.map((tag) => tag.name)
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.name,
    ...(recipe.description ? { description: recipe.description } : {}),
    ...(facts.imageUrl ? { image: [facts.imageUrl] } : {}),
    recipeIngredient: recipe.recipeIngredient.map((ingredient) => ingredient.display).filter((line) => line !== ''),
    recipeInstructions: recipe.recipeInstructions.map((step) => ({
      '@type': 'HowToStep',
      ...(step.title ? { name: step.title } : {}),
      text: step.text,
    })),
    ...(yieldText ? { recipeYield: yieldText } : {}),
    ...optional('prepTime', isoDuration(recipe.prepTime)),
    ...optional('cookTime', isoDuration(recipe.cookTime ?? recipe.performTime)),
    ...optional('totalTime', isoDuration(recipe.totalTime)),
    ...(recipe.recipeCategory.length > 0 ? { recipeCategory: recipe.recipeCategory.map((item) => item.name) } : {}),
    ...(tags.length > 0 ? { keywords: tags.join(', ') } : {}),
    ...(recipe.rating && recipe.rating > 0 && facts.ratingCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: recipe.rating,
            ratingCount: facts.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(recipe.dateAdded ? { datePublished: recipe.dateAdded } : {}),
    ...(facts.authorName ? { author: { '@type': 'Person', name: facts.authorName } } : {}),
  }
}

function optional<Key extends string>(key: Key, value: string | undefined): Partial<Record<Key, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, string>)
}

/**
 * Link previews for the app's recipe pages (`/g/<group>/r/<recipe>` and the shared `/g/<group>/shared/r/<token>`):
 * OpenGraph and Twitter tags and schema.org data, only for what the address may show — a public recipe (explore's
 * rules), a valid share token, or a recipe of the signed-in caller's own group. Anything else gets the plain app.
 * The recipe page and the explorer of the caller's own group also get a first paint (first-paint.ts) under the same
 * rules, with the API answers the app starts from when the caller is a member.
 */
export function createLinkPreviews(deps: { pageFacts: ExplorePageFacts; baseUrl: string; explore: ExploreService }) {
  const { pageFacts, explore } = deps
  const baseUrl = deps.baseUrl.replace(/\/+$/, '')

  async function describe(
    groupId: string,
    recipe: Recipe,
    pageUrl: string,
    personal: boolean,
    /** The page's first paint, with the answers the app starts from; none for pages outside the signed-in app. */
    paint?: { answers: Record<string, string> },
    /** The share token the page opens the recipe with: a private recipe's picture is served only with it. */
    shareToken?: string,
  ): Promise<PageDescription> {
    const facts = await pageFacts.previewFacts(groupId, recipe.id)
    const tokenQuery = shareToken ? `&token=${encodeURIComponent(shareToken)}` : ''
    const imageUrl = recipe.image
      ? `${baseUrl}/api/media/recipes/${recipe.id}/images/min-original.webp?version=${encodeURIComponent(recipe.image)}${tokenQuery}`
      : null
    const meta = [
      { key: 'og:type', content: 'article' },
      { key: 'og:title', content: recipe.name },
      ...(recipe.description ? [{ key: 'og:description', content: recipe.description }] : []),
      { key: 'og:url', content: pageUrl },
      ...(imageUrl ? [{ key: 'og:image', content: imageUrl }] : []),
      { key: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
      { key: 'twitter:title', content: recipe.name },
      ...(recipe.description ? [{ key: 'twitter:description', content: recipe.description }] : []),
      ...(imageUrl ? [{ key: 'twitter:image', content: imageUrl }] : []),
    ]
    return {
      title: recipe.name,
      meta,
      structuredData: recipeStructuredData(recipe, { imageUrl, ...facts }),
      personal,
      ...(paint
        ? {
            firstPaint: firstPaintOf(
              recipeFirstPaint(recipe, pageUrl.slice(baseUrl.length)),
              paint.answers,
              drawnWebPages.recipe,
            ),
          }
        : {}),
    }
  }

  /** The signed-in caller, when the request carries valid credentials; a bad or expired token is no caller. */
  async function callerOf(request: FastifyRequest): Promise<Caller | null> {
    if (!request.headers.cookie && !request.headers.authorization) return null
    try {
      return await request.optionalCaller()
    } catch {
      return null
    }
  }

  async function describeRecipePage(request: FastifyRequest, groupKey: string, key: string, readAnswer: ReadAnswer) {
    const pageUrl = `${baseUrl}/g/${encodeURIComponent(groupKey)}/r/${encodeURIComponent(key)}`
    const group = await pageFacts.findAnyGroup(groupKey)
    if (!group) return null
    // A member gets the page as the app shows it to them, with the recipe endpoint's answer for the app to start
    // from; Mealie describes a private recipe to its group's signed-in members too (docs/security.md "Access flags and guards").
    const caller = await callerOf(request)
    if (caller && caller.groupId === group.id) {
      const url = buildPath(getRecipe.path, { slug: key })
      const drawn = drawsPlainPage(request)
      // The caller's stars and favourites too: asked by the page right after it starts, their answer arriving late
      // drew the rating and the favourite toggle again in a task of its own (Lighthouse's blocking time, docs/budgets.md "Web budgets").
      const [body, ownRatings] = await Promise.all([readAnswer(url), drawn ? readAnswer(listOwnRatings.path) : null])
      if (!body) return null
      const paint = drawn
        ? { answers: { [url]: body, ...(ownRatings ? { [listOwnRatings.path]: ownRatings } : {}) } }
        : undefined
      return describe(group.id, JSON.parse(body) as Recipe, pageUrl, true, paint)
    }
    const visitor = { groupId: group.id, householdId: nobodyId, userId: nobodyId }
    const shown = group.privateGroup ? null : await explore.publicRecipe(visitor, key)
    if (!shown) return null
    if (!drawsPlainPage(request)) return describe(group.id, shown, pageUrl, false)
    // A signed-out visitor's app reads the recipe through the explore API: its answer is embedded for them.
    const url = endpointAddress(exploreRecipe, { params: { groupSlug: groupKey, slug: key } })
    const body = caller ? null : await readAnswer(url)
    return describe(group.id, shown, pageUrl, false, { answers: body ? { [url]: body } : {} })
  }

  /**
   * A public group's explorer as a signed-out visitor opens it: OpenGraph tags for the group, the first page of its
   * public recipes as a schema.org ItemList (each recipe's own page carries its Recipe), and on the plain address
   * the first cards with the explore endpoint's answer the visitor's app starts from.
   */
  async function describeVisitorExplorer(
    request: FastifyRequest,
    group: { name: string },
    groupKey: string,
    readAnswer: ReadAnswer,
  ): Promise<PageDescription | null> {
    const url = exploreFirstPageAddress(groupKey)
    const body = await readAnswer(url)
    if (!body) return null
    const page = JSON.parse(body) as { items: RecipeSummary[] }
    const pathname = `/g/${encodeURIComponent(groupKey)}`
    const pageUrl = `${baseUrl}${pathname}`
    const image = page.items.find((recipe) => recipe.image)
    const imageUrl = image
      ? `${baseUrl}/api/media/recipes/${image.id}/images/min-original.webp?version=${encodeURIComponent(image.image!)}`
      : null
    return {
      title: group.name,
      meta: [
        { key: 'og:type', content: 'website' },
        { key: 'og:site_name', content: 'Larder' },
        { key: 'og:title', content: group.name },
        { key: 'og:url', content: pageUrl },
        ...(imageUrl ? [{ key: 'og:image', content: imageUrl }] : []),
        { key: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
        { key: 'twitter:title', content: group.name },
        ...(imageUrl ? [{ key: 'twitter:image', content: imageUrl }] : []),
      ],
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: group.name,
        url: pageUrl,
        itemListElement: page.items.map((recipe, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${pageUrl}/r/${encodeURIComponent(recipe.slug)}`,
          name: recipe.name,
        })),
      },
      personal: false,
      ...(drawsPlainPage(request)
        ? {
            firstPaint: firstPaintOf(
              explorerFirstPaint(page.items, groupKey, pathname, { favourites: false }),
              { [url]: body },
              drawnWebPages.explorer,
            ),
          }
        : {}),
    }
  }

  /**
   * The explorer of the caller's own group: its first cards, and the list endpoint's first page for the app. A
   * signed-out visitor of a public group gets describeVisitorExplorer's.
   */
  async function describeExplorer(request: FastifyRequest, groupKey: string, readAnswer: ReadAnswer) {
    const caller = await callerOf(request)
    const group = await pageFacts.findAnyGroup(groupKey)
    if (!group) return null
    if (!caller) return group.privateGroup ? null : describeVisitorExplorer(request, group, groupKey, readAnswer)
    if (!drawsPlainPage(request) || caller.groupId !== group.id) return null
    const body = await readAnswer(explorerFirstPageAddress)
    if (!body) return null
    const page = JSON.parse(body) as { items: RecipeSummary[] }
    const pathname = `/g/${encodeURIComponent(groupKey)}`
    const description: PageDescription = {
      title: 'Larder',
      meta: [],
      personal: true,
      firstPaint: firstPaintOf(
        explorerFirstPaint(page.items, groupKey, pathname),
        { [explorerFirstPageAddress]: body },
        drawnWebPages.explorer,
      ),
    }
    return description
  }

  async function describeSharedPage(groupKey: string, token: string) {
    const group = await pageFacts.findAnyGroup(groupKey)
    if (!group) return null
    const id = await pageFacts.findSharedRecipeId(group.id, token, new Date())
    if (!id) return null
    const [recipe] = await explore.recipesFor({ groupId: group.id, householdId: nobodyId, userId: nobodyId }, [id])
    const pageUrl = `${baseUrl}/g/${encodeURIComponent(groupKey)}/shared/r/${encodeURIComponent(token)}`
    return recipe ? describe(group.id, recipe, pageUrl, false, undefined, token) : null
  }

  return async function describePage(
    request: FastifyRequest,
    pathname: string,
    readAnswer: ReadAnswer,
  ): Promise<PageDescription | null> {
    const shared = matchWebPage(sharedRecipePagePath, pathname)
    if (shared) return describeSharedPage(shared.groupSlug!, shared.token!)
    const page = matchWebPage(drawnWebPages.recipe.path, pathname)
    if (page) return describeRecipePage(request, page.groupSlug!, page.slug!, readAnswer)
    const explorer = matchWebPage(drawnWebPages.explorer.path, pathname)
    if (explorer) return describeExplorer(request, explorer.groupSlug!, readAnswer)
    return null
  }
}

const nobodyId = '00000000-0000-0000-0000-000000000000'

/**
 * Only the plain address is drawn: a query string changes what the page shows (the explorer's search and sort, a
 * recipe's editor or cook mode), and a drawing of something else would only flash before the app's own screen.
 */
function drawsPlainPage(request: FastifyRequest): boolean {
  return !request.url.includes('?')
}

function firstPaintOf(
  paint: { html: string; heroImage: string | null },
  answers: Record<string, string>,
  page: DrawnWebPage,
): FirstPaintDescription {
  return { ...paint, style: firstPaintStyle, answers, routeModules: page.modules, strings: page.strings }
}
