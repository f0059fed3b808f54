import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Notifier URLs at rest (docs/security.md): AES-256-GCM under a key derived from the instance's secret (`SECRET`, or
 * the `.secret` file main.ts keeps in DATA_DIR) — no second secret to keep. A database dump alone does not give the
 * receivers' tokens away; a changed instance secret makes the stored URLs unreadable, and their notifiers answer so
 * at delivery until their URL is entered again.
 */
export interface UrlSecrets {
  seal(url: string): string
  open(sealed: string): string
}

const version = 'v1'

export function createUrlSecrets(instanceSecret: string): UrlSecrets {
  const key = Buffer.from(hkdfSync('sha256', instanceSecret, 'larder', 'notifier-urls', 32))
  return {
    seal(url) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()])
      return [
        version,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join('.')
    },
    open(sealed) {
      const [tag, iv, authTag, content] = sealed.split('.')
      if (tag !== version || !iv || !authTag || content === undefined) throw new Error('Not a sealed notifier URL')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(content, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
