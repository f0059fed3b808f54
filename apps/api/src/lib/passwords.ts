import argon2 from 'argon2'

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. Without a hash (unknown user, external account) it still spends the time
 * of a real check, so that a response's timing never tells whether an account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
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
