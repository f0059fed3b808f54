import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { HttpError } from '../../http/errors.js'
import { ImageQueueFull, maximumInputPixels, processImage, UnreadableImage } from '../../lib/images.js'
import type { Access } from '../access/index.js'
import type { UserRepo } from './repo.js'

const maximumAvatarBytes = 10 * 1024 * 1024
const avatarFileName = 'profile.webp'

/** A head-and-shoulders outline on the theme's grey, shown until someone uploads a picture (Mealie shows a stock one). */
const defaultAvatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" fill="#9E9E9E"/>
<circle cx="64" cy="50" r="24" fill="#F5F5F5"/>
<path d="M20 128c0-26 20-44 44-44s44 18 44 44z" fill="#F5F5F5"/>
</svg>`

/** Image work answers in the terms of an upload: too big, unreadable, or come back shortly. */
function imageFailure(error: unknown): HttpError {
  if (error instanceof ImageQueueFull) {
    return new HttpError(503, 'Larder is busy with other pictures. Try again in a few seconds.', { 'retry-after': '5' })
  }
  if (error instanceof UnreadableImage && error.tooLarge) {
    return new HttpError(413, `This picture is too large: at most ${maximumInputPixels / 1_000_000} megapixels`)
  }
  return new HttpError(415, 'This file is not an image Larder can read')
}

export function avatarDirectory(dataDirectory: string, userId: string): string {
  return path.join(dataDirectory, 'media', 'users', userId)
}

/** Profile pictures: any image sharp reads, stored as a 512 px WebP under a name we choose, written atomically. */
export function createAvatarService(deps: { db: Database; users: UserRepo; access: Access; dataDirectory: string }) {
  const { db, users, access, dataDirectory } = deps
  let defaultImage: Promise<Buffer> | undefined

  /** Rendered once per process, on first use; a failed render is tried again next time. */
  function defaultAvatar(): Promise<Buffer> {
    defaultImage ??= processImage(Buffer.from(defaultAvatarSvg), (picture) => picture.webp({ quality: 80 }))
    return defaultImage.catch((error: unknown) => {
      defaultImage = undefined
      throw imageFailure(error)
    })
  }

  return {
    maximumAvatarBytes,

    async upload(caller: Caller, userId: string, image: Buffer): Promise<void> {
      await access.requireProfilePictureChange(db, caller, [userId])
      const webp = await processImage(image, (picture) =>
        picture.rotate().resize(512, 512, { fit: 'cover' }).webp({ quality: 85 }),
      ).catch((error: unknown) => {
        throw imageFailure(error)
      })
      const directory = avatarDirectory(dataDirectory, userId)
      await fs.mkdir(directory, { recursive: true })
      const temporary = path.join(directory, `.${randomBytes(6).toString('hex')}.tmp`)
      await fs.writeFile(temporary, webp)
      await fs.rename(temporary, path.join(directory, avatarFileName))
      // Any user's: the access module allowed this caller (themselves, or an administrator).
      await users.updateAny(db, userId, { cacheKey: randomBytes(3).toString('hex').slice(0, 4) })
    },

    /**
     * The stored picture, the default one for a user who has none yet, or null for an unknown user or file name;
     * the file name is checked, never joined from input.
     */
    async read(userId: string, fileName: string): Promise<{ image: Buffer; isDefault: boolean } | null> {
      if (fileName !== avatarFileName || !/^[0-9a-f-]{36}$/i.test(userId)) return null
      const stored = await fs
        .readFile(path.join(avatarDirectory(dataDirectory, userId), avatarFileName))
        .catch(() => null)
      if (stored) return { image: stored, isDefault: false }
      // Pictures are public (Mealie serves them without sign-in), so any user's.
      if (!(await users.findAnyById(db, userId))) return null
      return { image: await defaultAvatar(), isDefault: true }
    },

    async remove(userId: string): Promise<void> {
      await fs.rm(avatarDirectory(dataDirectory, userId), { recursive: true, force: true })
    },
  }
}

export type AvatarService = ReturnType<typeof createAvatarService>
