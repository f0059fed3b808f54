import path from 'node:path'
import { slugify } from './slugs.js'

/**
 * Where media live under DATA_DIR, in Mealie's layout (docs/mealie-compatibility.md "Media") so a Mealie data folder's media can be
 * copied in as they are. Every path is built from ids Larder generated and names Larder chose: a user's file name is
 * never joined into a path, so no upload or URL can reach outside its folder.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids become folder names; anything but a UUID is a programming error, refused before it can name a path. */
function checkedId(id: string, what: string): string {
  if (!uuidPattern.test(id)) throw new TypeError(`${what} must be a UUID to name a media folder`)
  return id.toLowerCase()
}

/** DATA_DIR/media: everything users see as pictures and attachments. */
export function mediaDirectory(dataDirectory: string): string {
  return path.join(dataDirectory, 'media')
}

/** DATA_DIR/media/users/<userId>: the profile picture. */
export function userMediaDirectory(dataDirectory: string, userId: string): string {
  return path.join(mediaDirectory(dataDirectory), 'users', checkedId(userId, 'A user id'))
}

/** DATA_DIR/media/recipes: the parent of every recipe's folder. */
export function recipesMediaDirectory(dataDirectory: string): string {
  return path.join(mediaDirectory(dataDirectory), 'recipes')
}

/** DATA_DIR/media/recipes/<recipeId>: all of one recipe's files, copied whole on duplicate and removed on delete. */
export function recipeMediaDirectory(dataDirectory: string, recipeId: string): string {
  return path.join(recipesMediaDirectory(dataDirectory), checkedId(recipeId, 'A recipe id'))
}

/** …/<recipeId>/images: original.webp, min-original.webp, tiny-original.webp (recipe-images.ts writes them). */
export function recipeImagesDirectory(dataDirectory: string, recipeId: string): string {
  return path.join(recipeMediaDirectory(dataDirectory, recipeId), 'images')
}

/** …/<recipeId>/images/timeline/<eventId>: the same three pictures for one timeline event. */
export function recipeTimelineImagesDirectory(dataDirectory: string, recipeId: string, eventId: string): string {
  return path.join(
    recipeImagesDirectory(dataDirectory, recipeId),
    'timeline',
    checkedId(eventId, 'A timeline event id'),
  )
}

/** DATA_DIR/media/groups/<groupId>: a group's own files (its exports); removed with the group. */
export function groupMediaDirectory(dataDirectory: string, groupId: string): string {
  return path.join(mediaDirectory(dataDirectory), 'groups', checkedId(groupId, 'A group id'))
}

/** …/groups/<groupId>/exports: the zips bulk exports build, each `<exportId>.zip`. */
export function groupExportsDirectory(dataDirectory: string, groupId: string): string {
  return path.join(groupMediaDirectory(dataDirectory, groupId), 'exports')
}

/**
 * Where a group's export lives, relative to DATA_DIR: the `path` its list shows and the download route takes back
 * (docs/mealie-compatibility.md "Recipe bulk actions"). Only ids make it, so a request's `path` is matched against it, never joined into a path.
 */
export function groupExportRelativePath(groupId: string, exportId: string): string {
  return path.posix.join(
    'media',
    'groups',
    checkedId(groupId, 'A group id'),
    'exports',
    `${checkedId(exportId, 'An export id')}.zip`,
  )
}

/** …/<recipeId>/assets: attachments, under names assetFileName made. */
export function recipeAssetsDirectory(dataDirectory: string, recipeId: string): string {
  return path.join(recipeMediaDirectory(dataDirectory, recipeId), 'assets')
}

/** A name assetFileName could have made: slug letters and digits, hyphens, one dot before the extension. */
const assetFileNamePattern = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,150})\.[a-z0-9]{1,10}$/u

/**
 * The file name an asset is stored under, made as Mealie makes it (`slugify(name).extension`, the text after the last
 * dot of `extension`) but only from slug characters, so the result can never be `..`, hold a separator or a control
 * character. Null when nothing usable is left: the caller answers 400.
 */
export function assetFileName(name: string, extension: string): string | null {
  const slug = slugify(name).slice(0, 150).replace(/-+$/, '')
  const suffix = (extension.split('.').pop() ?? '').trim().toLowerCase()
  const fileName = `${slug}.${suffix}`
  return assetFileNamePattern.test(fileName) ? fileName : null
}

/**
 * The path of a stored asset named in a request (`GET /api/media/recipes/<id>/assets/<fileName>`, or a recipe's
 * `assets[].fileName`), or null when the name is not one assetFileName makes: a request cannot name `../x`.
 */
export function recipeAssetPath(dataDirectory: string, recipeId: string, fileName: string): string | null {
  if (!assetFileNamePattern.test(fileName)) return null
  return path.join(recipeAssetsDirectory(dataDirectory, recipeId), fileName)
}
