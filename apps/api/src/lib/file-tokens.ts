/**
 * Download tokens (docs/mealie-compatibility.md "Downloads"): an HS256 JWT, signed with the server's key, naming one file by its path
 * relative to DATA_DIR and ending 30 minutes after it is issued. The `purpose` claim keeps the kinds apart: a file
 * token has no `sub`, so it never signs anyone in, and a session token has no `file`, so it never downloads.
 */
export const fileTokenLifetimeSeconds = 30 * 60

interface FileTokenClaims {
  purpose: 'file-download'
  file: string
}

/** What a recipe export token names (docs/mealie-compatibility.md "Recipe exports" `POST /api/recipes/{slug}/exports`): one recipe's zip. */
export interface RecipeExportClaims {
  slug: string
  recipeId: string
  groupId: string
  householdId: string
}

export interface FileTokens {
  /** A token for the file at `relativePath` (under DATA_DIR), made by the caller from ids, never from a request. */
  issue(relativePath: string): string
  /** The relative path a valid, unexpired file token names, or null for anything else. */
  read(token: string): string | null
  /** A token for one recipe's zip, for 30 minutes. */
  issueRecipeExport(claims: RecipeExportClaims): string
  /** The recipe a valid, unexpired recipe export token names, or null for anything else. */
  readRecipeExport(token: string): RecipeExportClaims | null
}

export function createFileTokens(jwt: {
  sign: (
    claims: FileTokenClaims | ({ purpose: 'recipe-export' } & RecipeExportClaims),
    lifetimeSeconds: number,
  ) => string
  verify: (token: string) => unknown
}): FileTokens {
  function claimsOf(token: string): Record<string, unknown> | null {
    let claims: unknown
    try {
      claims = jwt.verify(token)
    } catch {
      return null
    }
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null
  }

  return {
    issue: (relativePath) => jwt.sign({ purpose: 'file-download', file: relativePath }, fileTokenLifetimeSeconds),
    read(token) {
      const claims = claimsOf(token)
      return claims?.purpose === 'file-download' && typeof claims.file === 'string' ? claims.file : null
    },
    issueRecipeExport: ({ slug, recipeId, groupId, householdId }) =>
      jwt.sign({ purpose: 'recipe-export', slug, recipeId, groupId, householdId }, fileTokenLifetimeSeconds),
    readRecipeExport(token) {
      const claims = claimsOf(token)
      if (claims?.purpose !== 'recipe-export') return null
      const { slug, recipeId, groupId, householdId } = claims
      return typeof slug === 'string' &&
        typeof recipeId === 'string' &&
        typeof groupId === 'string' &&
        typeof householdId === 'string'
        ? { slug, recipeId, groupId, householdId }
        : null
    },
  }
}
