import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UnreadableImage } from './images.js'
import {
  assetFileName,
  recipeAssetPath,
  recipeAssetsDirectory,
  recipeImagesDirectory,
  recipeMediaDirectory,
  recipeTimelineImagesDirectory,
  userMediaDirectory,
} from './media-paths.js'
import { createOutboundFetch, OutboundRefused } from './outbound-fetch.js'
import {
  copyRecipeMedia,
  isRecipeImageFileName,
  recipeImageFileNames,
  removeRecipeImage,
  removeRecipeMedia,
  storeRecipeImage,
  storeRecipeImageFromUrl,
} from './recipe-images.js'

let dataDirectory: string

beforeAll(async () => {
  dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'larder-media-'))
})

afterAll(async () => {
  await fs.rm(dataDirectory, { recursive: true, force: true })
})

/** A picture whose left half is red and right half blue, so a rotation shows in the pixels as well as the size. */
function halves(width: number, height: number) {
  const half = Math.floor(width / 2)
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } },
      left: half,
      top: 0,
    },
  ])
}

async function dimensions(file: string) {
  const { width, height, format, exif, orientation } = await sharp(await fs.readFile(file)).metadata()
  return { width, height, format, exif, orientation }
}

async function storedFiles(directory: string) {
  return (await fs.readdir(directory)).sort()
}

describe('storing a recipe picture', () => {
  it('turns a camera JPEG upright by its EXIF orientation and strips its metadata', async () => {
    // Stored landscape 3000 × 1500 with "rotate 90° clockwise to show": shown portrait, 1500 × 3000.
    const jpeg = await halves(3000, 1500).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(jpeg).metadata()).orientation).toBe(6)
    const directory = recipeImagesDirectory(dataDirectory, randomUUID())

    const stored = await storeRecipeImage(jpeg, directory)

    expect(stored).toEqual({ format: 'jpeg', width: 1024, height: 2048 })
    expect(await storedFiles(directory)).toEqual(['min-original.webp', 'original.webp', 'tiny-original.webp'])
    const original = await dimensions(path.join(directory, 'original.webp'))
    expect(original).toEqual({ width: 1024, height: 2048, format: 'webp', exif: undefined, orientation: undefined })
    expect(await dimensions(path.join(directory, 'min-original.webp'))).toMatchObject({ width: 512, height: 1024 })
    expect(await dimensions(path.join(directory, 'tiny-original.webp'))).toMatchObject({ width: 300, height: 300 })
    // Rotated clockwise, the red left half is now the top: the top row is red, the bottom row blue.
    const { data, info } = await sharp(path.join(directory, 'original.webp'))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixelAt = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ]
    expect(pixelAt(512, 10)[0]).toBeGreaterThan(200)
    expect(pixelAt(512, 2037)[2]).toBeGreaterThan(200)
  })

  it('keeps the aspect of the two larger files and never enlarges them; the tiny one is always 300 × 300', async () => {
    const png = await sharp({ create: { width: 800, height: 200, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer()
    const directory = recipeImagesDirectory(dataDirectory, randomUUID())
    expect(await storeRecipeImage(png, directory)).toEqual({ format: 'png', width: 800, height: 200 })
    expect(await dimensions(path.join(directory, 'original.webp'))).toMatchObject({ width: 800, height: 200 })
    expect(await dimensions(path.join(directory, 'min-original.webp'))).toMatchObject({ width: 800, height: 200 })
    expect(await dimensions(path.join(directory, 'tiny-original.webp'))).toMatchObject({ width: 300, height: 300 })
    // The transparency survives the conversion.
    expect((await sharp(path.join(directory, 'original.webp')).metadata()).hasAlpha).toBe(true)

    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer()
    expect(await storeRecipeImage(wide, directory)).toEqual({ format: 'webp', width: 2048, height: 1024 })
    expect(await dimensions(path.join(directory, 'min-original.webp'))).toMatchObject({ width: 1024, height: 512 })
  })

  it('reads the type from the bytes, whatever the file was called: PNG bytes named .jpg, a GIF, an AVIF', async () => {
    const named = path.join(dataDirectory, 'photo.jpg')
    await fs.writeFile(
      named,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abc' } })
        .png()
        .toBuffer(),
    )
    const directory = recipeImagesDirectory(dataDirectory, randomUUID())
    expect(await storeRecipeImage(await fs.readFile(named), directory)).toMatchObject({ format: 'png', width: 40 })

    const gif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f0f' } })
      .gif()
      .toBuffer()
    expect(await storeRecipeImage(gif, directory)).toEqual({ format: 'gif', width: 64, height: 48 })
    const avif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0f0' } })
      .avif()
      .toBuffer()
    expect(await storeRecipeImage(avif, directory)).toEqual({ format: 'heif', width: 32, height: 32 })
  })

  it('keeps the colours of a 16-bit PNG and a CMYK JPEG', async () => {
    const orange = sharp({ create: { width: 64, height: 32, channels: 3, background: '#ff8000' } })
    const directory = recipeImagesDirectory(dataDirectory, randomUUID())
    for (const input of [
      await orange.clone().toColourspace('rgb16').png().toBuffer(),
      await orange.clone().toColourspace('cmyk').jpeg().toBuffer(),
    ]) {
      await storeRecipeImage(input, directory)
      const { data } = await sharp(path.join(directory, 'original.webp')).raw().toBuffer({ resolveWithObject: true })
      const [red = 0, green = 0, blue = 0] = data.subarray(0, 3)
      expect(red).toBeGreaterThan(230)
      expect(Math.abs(green - 128)).toBeLessThan(20)
      expect(blue).toBeLessThan(30)
    }
  })

  it('refuses a truncated JPEG, an SVG and text, leaving the previous picture whole', async () => {
    const directory = recipeImagesDirectory(dataDirectory, randomUUID())
    const good = await halves(600, 400).jpeg().toBuffer()
    await storeRecipeImage(good, directory)
    const before = await fs.readFile(path.join(directory, 'original.webp'))

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    for (const bad of [good.subarray(0, Math.floor(good.length / 2)), svg, Buffer.from('not a picture')]) {
      const refused = await storeRecipeImage(bad, directory).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(UnreadableImage)
      expect((refused as UnreadableImage).tooLarge).toBe(false)
    }
    expect(await fs.readFile(path.join(directory, 'original.webp'))).toEqual(before)
    expect(await storedFiles(directory)).toEqual(['min-original.webp', 'original.webp', 'tiny-original.webp'])
  })

  it('refuses a picture with more pixels than the limit and writes nothing', async () => {
    const huge = await sharp({ create: { width: 5100, height: 5100, channels: 3, background: '#777' } })
      .png({ compressionLevel: 1 })
      .toBuffer()
    const directory = recipeImagesDirectory(dataDirectory, randomUUID())
    const refused = await storeRecipeImage(huge, directory).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UnreadableImage)
    expect((refused as UnreadableImage).tooLarge).toBe(true)
    expect(await fs.readdir(directory).catch(() => [])).toEqual([])
  })

  it('removes the three pictures but nothing beside them', async () => {
    const recipeId = randomUUID()
    const directory = recipeImagesDirectory(dataDirectory, recipeId)
    await storeRecipeImage(await halves(100, 100).png().toBuffer(), directory)
    const timeline = recipeTimelineImagesDirectory(dataDirectory, recipeId, randomUUID())
    await storeRecipeImage(await halves(100, 100).png().toBuffer(), timeline)
    await removeRecipeImage(directory)
    await removeRecipeImage(directory)
    expect(await storedFiles(directory)).toEqual(['timeline'])
    expect(await storedFiles(timeline)).toHaveLength(3)
  })
})

describe('storing a recipe picture from a URL', () => {
  it('downloads through the outbound guard and judges the bytes, not the Content-Type', async () => {
    const jpeg = await halves(500, 300).jpeg().toBuffer()
    const server = http.createServer((request, response) => {
      if (request.url === '/photo') response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(jpeg)
      else response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a picture</html>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const directory = recipeImagesDirectory(dataDirectory, randomUUID())
      const refused = await storeRecipeImageFromUrl(`${origin}/photo`, directory, createOutboundFetch({})).catch(
        (error: unknown) => error,
      )
      expect(refused).toBeInstanceOf(OutboundRefused)
      expect(await fs.readdir(directory).catch(() => [])).toEqual([])

      const allowed = createOutboundFetch({ allowList: ['127.0.0.1'] })
      expect(await storeRecipeImageFromUrl(`${origin}/photo`, directory, allowed)).toEqual({
        format: 'jpeg',
        width: 500,
        height: 300,
      })
      const page = await storeRecipeImageFromUrl(`${origin}/page`, directory, allowed).catch((error: unknown) => error)
      expect(page).toBeInstanceOf(UnreadableImage)
    } finally {
      server.close()
    }
  })
})

describe('a recipe media folder', () => {
  it('is copied whole for a duplicate, and removed with the recipe', async () => {
    const source = randomUUID()
    const copy = randomUUID()
    await storeRecipeImage(await halves(120, 80).jpeg().toBuffer(), recipeImagesDirectory(dataDirectory, source))
    await fs.mkdir(recipeAssetsDirectory(dataDirectory, source), { recursive: true })
    await fs.writeFile(path.join(recipeAssetsDirectory(dataDirectory, source), 'notes.txt'), 'grandma says more butter')
    await fs.symlink('/etc/passwd', path.join(recipeAssetsDirectory(dataDirectory, source), 'outside.txt'))

    await copyRecipeMedia(dataDirectory, source, copy)

    expect(await storedFiles(recipeImagesDirectory(dataDirectory, copy))).toEqual([...recipeImageFileNames].sort())
    expect(await fs.readFile(path.join(recipeImagesDirectory(dataDirectory, copy), 'original.webp'))).toEqual(
      await fs.readFile(path.join(recipeImagesDirectory(dataDirectory, source), 'original.webp')),
    )
    // The copy's own files, not links to the source's; the hand-made link to outside is not carried over.
    expect(await storedFiles(recipeAssetsDirectory(dataDirectory, copy))).toEqual(['notes.txt'])
    await removeRecipeMedia(dataDirectory, source)
    expect(await fs.readFile(path.join(recipeAssetsDirectory(dataDirectory, copy), 'notes.txt'), 'utf8')).toBe(
      'grandma says more butter',
    )
    await expect(fs.stat(recipeMediaDirectory(dataDirectory, source))).rejects.toThrow()
    // No staging folder is left behind, and a recipe without media copies and removes as nothing.
    expect(
      (await fs.readdir(path.dirname(recipeMediaDirectory(dataDirectory, copy)))).filter((name) =>
        name.startsWith('.'),
      ),
    ).toEqual([])
    await copyRecipeMedia(dataDirectory, randomUUID(), randomUUID())
    await removeRecipeMedia(dataDirectory, randomUUID())
  })

  it('is named only by ids and by names Larder makes', () => {
    const recipeId = randomUUID()
    expect(recipeImagesDirectory('/data', recipeId)).toBe(`/data/media/recipes/${recipeId}/images`)
    expect(recipeAssetsDirectory('/data', recipeId)).toBe(`/data/media/recipes/${recipeId}/assets`)
    expect(userMediaDirectory('/data', recipeId)).toBe(`/data/media/users/${recipeId}`)
    for (const bad of ['../users', '', 'x', `${recipeId}/..`]) {
      expect(() => recipeMediaDirectory('/data', bad), bad).toThrow(TypeError)
    }
    expect(assetFileName('Grandma’s Notes!', '.PDF')).toBe('grandmas-notes.pdf')
    expect(assetFileName('Crème brûlée', 'photo.final.jpg')).toBe('creme-brulee.jpg')
    expect(assetFileName('../../etc/passwd', 'txt')).toBe('etc-passwd.txt')
    expect(assetFileName('!!!', 'pdf')).toBeNull()
    expect(assetFileName('notes', '')).toBeNull()
    expect(assetFileName('notes', 'p/d')).toBeNull()
    expect(recipeAssetPath('/data', recipeId, 'notes.pdf')).toBe(`/data/media/recipes/${recipeId}/assets/notes.pdf`)
    for (const bad of ['../notes.pdf', '..', 'a/b.pdf', '.hidden.txt', 'notes', 'notes.pdf\0', 'a\\b.pdf']) {
      expect(recipeAssetPath('/data', recipeId, bad), bad).toBeNull()
    }
    expect(recipeImageFileNames.every(isRecipeImageFileName)).toBe(true)
    expect(isRecipeImageFileName('../original.webp')).toBe(false)
  })
})
