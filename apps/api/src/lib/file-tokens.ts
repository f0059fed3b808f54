/**
 * Download tokens (reference §"Utilities"): an HS256 JWT, signed with the server's key, naming one file by its path
 * relative to DATA_DIR and ending 30 minutes after it is issued. The `purpose` claim keeps the kinds apart: a file
 * token has no `sub`, so it never signs anyone in, and a session token has no `file`, so it never downloads.
 */
export const fileTokenLifetimeSeconds = 30 * 60

interface FileTokenClaims {
  purpose: 'file-download'
  file: string
}

export interface FileTokens {
  /** A token for the file at `relativePath` (under DATA_DIR), made by the caller from ids, never from a request. */
  issue(relativePath: string): string
  /** The relative path a valid, unexpired file token names, or null for anything else. */
  read(token: string): string | null
}

export function createFileTokens(jwt: {
  sign: (claims: FileTokenClaims, lifetimeSeconds: number) => string
  verify: (token: string) => unknown
}): FileTokens {
  return {
    issue: (relativePath) => jwt.sign({ purpose: 'file-download', file: relativePath }, fileTokenLifetimeSeconds),
    read(token) {
      let claims: unknown
      try {
        claims = jwt.verify(token)
      } catch {
        return null
      }
      if (typeof claims !== 'object' || claims === null) return null
      const { purpose, file } = claims as Partial<FileTokenClaims>
      return purpose === 'file-download' && typeof file === 'string' ? file : null
    },
  }
}
