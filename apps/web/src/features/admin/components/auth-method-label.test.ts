import { authMethods } from '@larder/contracts'
import { describe, expect, it } from 'vitest'
import { initTestI18n } from '@/test/shell'
import { authMethodLabel } from './auth-method-label'

describe('sign-in method labels', () => {
  it('calls a password held by this server "Password", never "Mealie"', async () => {
    const i18n = await initTestI18n()
    const labels = authMethods.map((method) => authMethodLabel(i18n.t, method))
    expect(labels).toEqual(['Password', 'LDAP', 'OpenID Connect'])
  })
})
