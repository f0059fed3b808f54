import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/** Reads a secret kept in a file, creating it with a random value (owner-only permissions) the first time. */
export async function readOrCreateSecretFile(file: string, bytes = 48): Promise<string> {
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch {
    // first start: fall through and create it
  }
  const secret = randomBytes(bytes).toString('base64url')
  await fs.mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  await fs.writeFile(temporary, secret, { mode: 0o600 })
  await fs.rename(temporary, file)
  return secret
}
