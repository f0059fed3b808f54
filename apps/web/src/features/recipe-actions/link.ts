/**
 * A `link` action's address for one recipe, as Mealie's recipe menu makes it: the first `${url}` becomes the page's
 * address, the first `${id}` the recipe's id, the first `${slug}` its slug, each inserted as it is (not encoded), so
 * that a target written for Mealie opens the same page.
 */
export function linkActionUrl(template: string, recipe: { id: string; slug: string }, pageUrl: string): string {
  return template.replace('${url}', pageUrl).replace('${id}', recipe.id).replace('${slug}', recipe.slug)
}
