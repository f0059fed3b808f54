// argon2's native binding loads with the first password, not at start-up (bench/cold-start).
const loadArgon2 = async () => (await import('argon2')).default
// bcrypt only checks hashes restored from Mealie (which stores `$2a$`/`$2b$` hashes); pure JS, loaded when one is met.
const loadBcrypt = async () => (await import('bcryptjs')).default

export async function hashPassword(password: string): Promise<string> {
  const argon2 = await loadArgon2()
  // OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 })
}

let dummyHash: Promise<string> | undefined

const bcryptHashPattern = /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/

/** A bcrypt hash, as Mealie stores passwords: kept as it is on restore and replaced by argon2 at the next sign-in. */
export function isBcryptHash(hash: string): boolean {
  return bcryptHashPattern.test(hash)
}

/** Whether a hash that just verified should be replaced by a fresh argon2id hash of the same password. */
export function needsRehash(hash: string): boolean {
  return isBcryptHash(hash)
}

/**
 * Checks a password against a stored hash: argon2 (Larder's own) or bcrypt (restored from Mealie). Without a hash
 * (unknown user, external account) it still spends the time of a real check, so that a response's timing never tells
 * whether an account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (hash && isBcryptHash(hash)) {
    const bcrypt = await loadBcrypt()
    return bcrypt.compare(password, hash).catch(() => false)
  }
  const argon2 = await loadArgon2()
  if (!hash) {
    dummyHash ??= hashPassword('larder-timing-equaliser')
    await argon2.verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}
