/** The people the local OpenID provider (@larder/test-servers/oidc, started by src/run.ts) knows; tests sign in as them through its login form. */
export const testIdpAccounts = {
  ada: {
    password: 'analytical-engine',
    claims: { email: 'ada@idp.example.com', email_verified: true, name: 'Ada Lovelace', preferred_username: 'ada' },
  },
} as const

export type TestIdpLogin = keyof typeof testIdpAccounts

export const testIdpName = 'Test IdP'
