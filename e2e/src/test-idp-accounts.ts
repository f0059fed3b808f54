/** The people the local OpenID provider (src/test-idp.ts) knows; tests sign in as them through its login form. */
export const testIdpAccounts = {
  ada: {
    password: 'analytical-engine',
    claims: { email: 'ada@idp.example.com', email_verified: true, name: 'Ada Lovelace', preferred_username: 'ada' },
  },
} as const

export type TestIdpLogin = keyof typeof testIdpAccounts

export const testIdpName = 'Test IdP'
