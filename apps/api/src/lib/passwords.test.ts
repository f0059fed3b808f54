import { describe, expect, it } from 'vitest'
import { hashPassword, isBcryptHash, needsRehash, verifyPassword } from './passwords.js'

// The OpenBSD bcrypt test vector for "U*U" (cost 5): made by another implementation than the one under test.
const knownBcrypt = { password: 'U*U', hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW' }

describe('passwords restored from Mealie (bcrypt)', () => {
  it('accepts the right password against a known $2a$ hash and refuses a wrong one', async () => {
    expect(await verifyPassword(knownBcrypt.hash, knownBcrypt.password)).toBe(true)
    expect(await verifyPassword(knownBcrypt.hash, 'U*V')).toBe(false)
  })

  it('reads $2b$ hashes, as Python bcrypt writes them for Mealie', async () => {
    const hash = knownBcrypt.hash.replace('$2a$', '$2b$')
    expect(await verifyPassword(hash, knownBcrypt.password)).toBe(true)
  })

  it('asks for a rehash of bcrypt hashes only', async () => {
    expect(isBcryptHash(knownBcrypt.hash)).toBe(true)
    expect(needsRehash(knownBcrypt.hash)).toBe(true)
    const argon = await hashPassword('U*U')
    expect(needsRehash(argon)).toBe(false)
    expect(await verifyPassword(argon, 'U*U')).toBe(true)
  })

  it('refuses a damaged hash without throwing', async () => {
    expect(await verifyPassword('$2a$05$short', 'U*U')).toBe(false)
    expect(await verifyPassword(null, 'U*U')).toBe(false)
  })
})
