import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { Database } from '../../db/client.js'
import type { Caller } from '../../http/authentication.js'
import { forbidden, HttpError, notFound } from '../../http/errors.js'
import type { UserRepo } from './repo.js'

const maximumAvatarBytes = 10 * 1024 * 1024
const avatarFileName = 'profile.webp'

export function avatarDirectory(dataDirectory: string, userId: string): string {
  return path.join(dataDirectory, 'media', 'users', userId)
}

/** Profile pictures: any image sharp reads, stored as a 512 px WebP under a name we choose, written atomically. */
export function createAvatarService(deps: { db: Database; users: UserRepo; dataDirectory: string }) {
  const { db, users, dataDirectory } = deps
  return {
    maximumAvatarBytes,

    async upload(caller: Caller, userId: string, image: Buffer): Promise<void> {
      if (userId !== caller.userId && !caller.admin) throw forbidden('You may only change your own picture')
      const user = await users.findById(userId)
      if (!user || (!caller.admin && user.groupId !== caller.groupId)) throw notFound('User not found')
      let webp: Buffer
      try {
        webp = await sharp(image, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(512, 512, { fit: 'cover' })
          .webp({ quality: 85 })
          .toBuffer()
      } catch {
        throw new HttpError(415, 'This file is not an image Larder can read')
      }
      const directory = avatarDirectory(dataDirectory, userId)
      await fs.mkdir(directory, { recursive: true })
      const temporary = path.join(directory, `.${randomBytes(6).toString('hex')}.tmp`)
      await fs.writeFile(temporary, webp)
      await fs.rename(temporary, path.join(directory, avatarFileName))
      await users.update(db, userId, { cacheKey: randomBytes(3).toString('hex').slice(0, 4) })
    },

    /** The stored picture, or null; the file name is checked, never joined from input. */
    async read(userId: string, fileName: string): Promise<Buffer | null> {
      if (fileName !== avatarFileName || !/^[0-9a-f-]{36}$/i.test(userId)) return null
      return fs.readFile(path.join(avatarDirectory(dataDirectory, userId), avatarFileName)).catch(() => null)
    },

    async remove(userId: string): Promise<void> {
      await fs.rm(avatarDirectory(dataDirectory, userId), { recursive: true, force: true })
    },
  }
}

export type AvatarService = ReturnType<typeof createAvatarService>
