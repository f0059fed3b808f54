// argon2's native binding loads with the first password, not at start-up (bench/cold-start).
const loadArgon2 = async () => (await import('argon2')).default

export async function hashPassword(password: string): Promise<string> {
  const argon2 = await loadArgon2()
  // OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 })
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. Without a hash (unknown user, external account) it still spends the time
 * of a real check, so that a response's timing never tells whether an account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
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
