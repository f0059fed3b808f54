import type { Dirent } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { MaintenanceStorageDetails, MaintenanceSummary, SuccessResponse } from '@larder/contracts'
import type { Database } from '../../db/client.js'
import { HttpError } from '../../http/errors.js'
import { prettySize } from '../../lib/file-size.js'
import { mediaDirectory, recipesMediaDirectory } from '../../lib/media-paths.js'
import { recipeImageFileNames } from '../../lib/recipe-images.js'
import { maintenanceRepo } from './maintenance.repo.js'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * A file or folder changed more recently than this is left alone: a picture being written (its `.tmp` staging file),
 * or a recipe's folder made by an import whose recipe row is not committed yet.
 */
export const settlingMs = 15 * 60 * 1000

/** The three pictures Larder serves from a recipe's `images` folder; anything else there is never read. */
const servedImages = new Set<string>(recipeImageFileNames)

/** Mealie's `.temp` folder: Larder writes nothing there, but a data folder copied from Mealie may carry one. */
export const temporaryDirectory = (dataDirectory: string) => path.join(dataDirectory, '.temp')

async function entriesOf(directory: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(directory, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Bytes under `target`, counted without following links (a link counts as itself). A missing folder is 0. */
async function sizeOf(target: string): Promise<number> {
  let stat
  try {
    stat = await fs.lstat(target)
  } catch (error) {
    // Gone while counting (a job's file, a recipe deleted): it no longer takes room.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  if (!stat.isDirectory()) return stat.size
  let total = 0
  for (const entry of await entriesOf(target)) total += await sizeOf(path.join(target, entry.name))
  return total
}

async function settled(target: string, now: number): Promise<boolean> {
  const stat = await fs.lstat(target)
  return now - stat.mtimeMs >= settlingMs
}

/** Refuses any path outside `parent`: a clean removes only what it found under its own folder. */
function inside(parent: string, target: string): string {
  const relative = path.relative(parent, target)
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`${target} is not inside ${parent}`)
  }
  return target
}

/**
 * The administrators' maintenance of the data folder (Mealie's /api/admin/maintenance, adapted to Larder's layout,
 * lib/media-paths.ts): sizes, pictures Larder never serves, recipe folders of no recipe, Mealie's `.temp`. Cleaning
 * reaches only DATA_DIR/media/recipes and DATA_DIR/.temp: never the embedded database (DATA_DIR/postgres), the
 * backups or the instance's secret.
 */
export function createMaintenanceService(deps: { db: Database; dataDirectory: string }) {
  const { dataDirectory } = deps
  const recipesFolder = recipesMediaDirectory(dataDirectory)

  /** Files directly in each recipe's `images` folder (timeline pictures are in sub-folders, skipped) not served. */
  async function cleanableImages(now: number): Promise<string[]> {
    const found: string[] = []
    for (const recipe of await entriesOf(recipesFolder)) {
      if (!recipe.isDirectory()) continue
      const images = path.join(recipesFolder, recipe.name, 'images')
      for (const entry of await entriesOf(images)) {
        if (!entry.isFile() || servedImages.has(entry.name)) continue
        const file = path.join(images, entry.name)
        if (await settled(file, now)) found.push(file)
      }
    }
    return found
  }

  /** Folders of media/recipes named by no recipe id: not a UUID (Mealie's rule), or a UUID of no recipe. */
  async function cleanableDirs(now: number): Promise<string[]> {
    const folders = (await entriesOf(recipesFolder)).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    const known = await maintenanceRepo.existingRecipeIds(
      deps.db,
      folders.filter((name) => uuidPattern.test(name)),
    )
    const orphans: string[] = []
    for (const name of folders) {
      if (known.has(name)) continue
      const folder = path.join(recipesFolder, name)
      if (await settled(folder, now)) orphans.push(folder)
    }
    return orphans
  }

  async function failing<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      throw Object.assign(new HttpError(500, message), { cause: error })
    }
  }

  const success = (message: string): SuccessResponse => ({ message, error: false })

  return {
    async summary(now = Date.now()): Promise<MaintenanceSummary> {
      return {
        dataDirSize: prettySize(await sizeOf(dataDirectory)),
        cleanableImages: (await cleanableImages(now)).length,
        cleanableDirs: (await cleanableDirs(now)).length,
      }
    },

    async storage(): Promise<MaintenanceStorageDetails> {
      const media = mediaDirectory(dataDirectory)
      return {
        tempDirSize: prettySize(await sizeOf(temporaryDirectory(dataDirectory))),
        backupsDirSize: prettySize(await sizeOf(path.join(dataDirectory, 'backups'))),
        groupsDirSize: prettySize(await sizeOf(path.join(media, 'groups'))),
        recipesDirSize: prettySize(await sizeOf(recipesFolder)),
        userDirSize: prettySize(await sizeOf(path.join(media, 'users'))),
      }
    },

    cleanImages: (now = Date.now()) =>
      failing('Failed to clean images', async () => {
        const files = await cleanableImages(now)
        for (const file of files) await fs.rm(inside(recipesFolder, file), { force: true })
        return success(`${files.length} Images cleaned`)
      }),

    cleanTemp: () =>
      failing('Failed to clean temp', async () => {
        const temp = temporaryDirectory(dataDirectory)
        await fs.rm(inside(dataDirectory, temp), { recursive: true, force: true })
        await fs.mkdir(temp, { recursive: true })
        return success("'.temp' directory cleaned")
      }),

    cleanRecipeFolders: (now = Date.now()) =>
      failing('Failed to clean directories', async () => {
        const folders = await cleanableDirs(now)
        // rm does not follow links: a link inside a folder is removed, never what it points at.
        for (const folder of folders) await fs.rm(inside(recipesFolder, folder), { recursive: true, force: true })
        return success(`${folders.length} Recipe folders removed`)
      }),
  }
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>
