import { createReadStream, type ReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { attachment, inline } from '../../lib/content-disposition.js'
import { recipeAssetPath, recipeImagesDirectory, recipeTimelineImagesDirectory } from '../../lib/media-paths.js'
import { isRecipeImageFileName } from '../../lib/recipe-images.js'

/** How an asset is sent, by extension: its type, and whether a browser may show it in place. */
interface AssetType {
  contentType: string
  inline: boolean
}

/**
 * Only inert types are shown in place: pictures, PDF and text as text. Everything else, and any file that reached the
 * folder by other means (a copied Mealie data folder may hold HTML or SVG), is a download of application/octet-stream,
 * so nothing in an asset can run script on Larder's origin. Markdown, CSV and JSON are shown as plain text.
 */
const assetTypes: Record<string, AssetType> = {
  pdf: { contentType: 'application/pdf', inline: true },
  jpg: { contentType: 'image/jpeg', inline: true },
  jpeg: { contentType: 'image/jpeg', inline: true },
  png: { contentType: 'image/png', inline: true },
  gif: { contentType: 'image/gif', inline: true },
  webp: { contentType: 'image/webp', inline: true },
  bmp: { contentType: 'image/bmp', inline: true },
  avif: { contentType: 'image/avif', inline: true },
  txt: { contentType: 'text/plain; charset=utf-8', inline: true },
  md: { contentType: 'text/plain; charset=utf-8', inline: true },
  csv: { contentType: 'text/plain; charset=utf-8', inline: true },
  json: { contentType: 'text/plain; charset=utf-8', inline: true },
}
const download: AssetType = { contentType: 'application/octet-stream', inline: false }

/**
 * Who an answer is for: anyone (a public recipe's media, kept by shared caches too) or only the reader at hand (a
 * private recipe's, for a member of its group or the holder of a share token: `private`, so no shared cache keeps it).
 */
export type Audience = 'public' | 'private'

/** A year: a picture's URL carries its cache key (`?version=`), which changes with the picture. */
const immutable = (audience: Audience) => `${audience}, max-age=31536000, immutable`
/** Without a version the URL may show another picture tomorrow: kept, but checked (a 304 costs one stat). */
const revalidate = (audience: Audience) => `${audience}, no-cache`

/** What the media rule needs to know of a recipe (explore's mediaAccess); null when there is no such recipe. */
export type MediaAccess = (
  recipeId: string,
  token: string | undefined,
) => Promise<{ groupId: string; isPublic: boolean; shared: boolean } | null>

export interface MediaFile {
  /** Null when the client's copy is current (304). */
  stream: ReadStream | null
  headers: Record<string, string>
}

/** A strong validator from what changes when a file is replaced: its size and modification time. */
const etagOf = (stats: { size: number; mtimeMs: number }) =>
  `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`

export interface Conditions {
  ifNoneMatch?: string | undefined
  ifModifiedSince?: string | undefined
}

/** RFC 9110 §13.1: If-None-Match wins; If-Modified-Since only when there is none. */
function isFresh(conditions: Conditions, etag: string, modified: Date): boolean {
  if (conditions.ifNoneMatch) {
    return conditions.ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag)
  }
  if (conditions.ifModifiedSince) {
    const since = Date.parse(conditions.ifModifiedSince)
    return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000)
  }
  return false
}

/**
 * Recipe media (docs/mealie-compatibility.md "Media"): a public recipe's public as in Mealie, a private recipe's only for those who
 * may read the recipe (audienceOf). Every path comes from media-paths.ts, built from the
 * UUIDs the contract checked and names it allows, never from the request's text; files are streamed from disk.
 */
export function createMediaService(deps: { dataDirectory: string; mediaAccess: MediaAccess }) {
  const { dataDirectory, mediaAccess } = deps

  async function open(
    filePath: string | null,
    conditions: Conditions,
    headers: Record<string, string>,
  ): Promise<MediaFile | null> {
    if (!filePath) return null
    const stats = await fs.stat(filePath).catch(() => null)
    if (!stats?.isFile()) return null
    const etag = etagOf(stats)
    const all = {
      ...headers,
      etag,
      'last-modified': stats.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    }
    if (isFresh(conditions, etag, stats.mtime)) return { stream: null, headers: all }
    return { stream: createReadStream(filePath), headers: { ...all, 'content-length': String(stats.size) } }
  }

  const imageHeaders = (fileName: string, versioned: boolean, audience: Audience) => ({
    'content-type': 'image/webp',
    'cache-control': versioned ? immutable(audience) : revalidate(audience),
    'content-disposition': inline(fileName),
  })

  return {
    /**
     * Who may have the recipe's media: anyone when the recipe is public; else the holder of a live share token of it
     * or a signed-in member of its group (the caller is looked up only then). Null for everyone else, answered as a
     * missing file so that a private recipe's existence is not told.
     */
    async audienceOf(
      recipeId: string,
      token: string | undefined,
      caller: () => Promise<{ groupId: string } | null>,
    ): Promise<Audience | null> {
      const access = await mediaAccess(recipeId, token)
      if (!access) return null
      if (access.isPublic) return 'public'
      if (access.shared) return 'private'
      return (await caller())?.groupId === access.groupId ? 'private' : null
    },

    recipeImage(recipeId: string, fileName: string, versioned: boolean, audience: Audience, conditions: Conditions) {
      if (!isRecipeImageFileName(fileName)) return Promise.resolve(null)
      const filePath = path.join(recipeImagesDirectory(dataDirectory, recipeId), fileName)
      return open(filePath, conditions, imageHeaders(fileName, versioned, audience))
    },

    timelineImage(
      ids: { recipeId: string; eventId: string },
      fileName: string,
      versioned: boolean,
      audience: Audience,
      conditions: Conditions,
    ) {
      if (!isRecipeImageFileName(fileName)) return Promise.resolve(null)
      const filePath = path.join(recipeTimelineImagesDirectory(dataDirectory, ids.recipeId, ids.eventId), fileName)
      return open(filePath, conditions, imageHeaders(fileName, versioned, audience))
    },

    /** An asset under the name assetFileName made; any other name (`../x`, `a/b`) is not found. */
    recipeAsset(recipeId: string, fileName: string, audience: Audience, conditions: Conditions) {
      const extension = fileName.split('.').pop()!.toLowerCase()
      const type = assetTypes[extension] ?? download
      return open(recipeAssetPath(dataDirectory, recipeId, fileName), conditions, {
        'content-type': type.contentType,
        // Uploading a file of the same name replaces it, so the URL is revalidated rather than cached blind.
        'cache-control': revalidate(audience),
        'content-disposition': type.inline ? inline(fileName) : attachment(fileName),
        // Nothing in an asset may run, fetch or frame anything, even if a browser were to render it.
        'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      })
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
