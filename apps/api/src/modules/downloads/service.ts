import { createReadStream, type ReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { badRequest, notFound, unauthorized } from '../../http/errors.js'
import type { FileTokens } from '../../lib/file-tokens.js'

export interface DownloadedFile {
  stream: ReadStream
  fileName: string
  size: number
}

const fileGone = () => notFound('The file is no longer available')

/**
 * `GET /api/utils/download?token=` (docs/mealie-compatibility.md "Downloads"): the token is the authority, so only the server's own
 * signed and unexpired tokens open a file, and only a regular file inside DATA_DIR (a link or a folder is refused as
 * gone). The token's path was made by the route that issued it from ids of rows the caller could read.
 */
export function createDownloadService(deps: { dataDirectory: string; fileTokens: FileTokens }) {
  const { dataDirectory, fileTokens } = deps
  return {
    async open(token: string | undefined): Promise<DownloadedFile> {
      if (!token) throw badRequest('A file token is required (?token=)')
      const relativePath = fileTokens.read(token)
      if (relativePath === null) throw unauthorized('could not validate file token')
      const absolute = path.resolve(dataDirectory, relativePath)
      if (!absolute.startsWith(dataDirectory + path.sep)) throw fileGone()
      const stats = await fs.lstat(absolute).catch(() => null)
      if (!stats?.isFile()) throw fileGone()
      return { stream: createReadStream(absolute), fileName: path.basename(absolute), size: stats.size }
    },
  }
}

export type DownloadService = ReturnType<typeof createDownloadService>
