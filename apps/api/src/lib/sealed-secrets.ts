import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets Larder stores and must read back (docs/security.md): notifier URLs, webhook signing secrets. AES-256-GCM
 * under a key derived from the instance's secret (`SECRET`, or the `.secret` file main.ts keeps in DATA_DIR) and the
 * purpose — no second secret to keep, and a value sealed for one purpose does not open as another. A database dump
 * alone gives none of them away; a changed instance secret makes them unreadable (`open` throws).
 */
export interface SecretSealer {
  seal(plain: string): string
  open(sealed: string): string
}

const version = 'v1'

/** True for what `seal` writes: a stored value that is not one (a row from before sealing) is plain text. */
export const isSealed = (value: string) => value.startsWith(`${version}.`)

/** `purpose` names the kind of secret; each kind has a key of its own. */
export function createSecretSealer(instanceSecret: string, purpose: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', instanceSecret, 'larder', purpose, 32))
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [
        version,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join('.')
    },
    open(sealed) {
      const [tag, iv, authTag, content] = sealed.split('.')
      if (tag !== version || !iv || !authTag || content === undefined) throw new Error(`Not a sealed ${purpose} value`)
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(content, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
