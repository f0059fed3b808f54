import { signIn } from '@larder/contracts'
import { startLdapServer } from '@larder/test-servers/ldap'
import { afterAll, describe, expect, it } from 'vitest'
import { createExternalSignInApp, signedInUser, userCount } from '../../../test/external-sign-in.js'
import type { TestApp } from '../../../test/test-app.js'
import { escapeFilterValue, userSearchFilter } from './ldap.client.js'

const directory = await startLdapServer()
afterAll(() => directory.stop())

const peopleDn = `ou=people,${directory.baseDn}`
const person = (uid: string, fullName: string, password: string, extra: string[] = []) =>
  [
    `dn: uid=${uid},${peopleDn}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${fullName}`,
    `sn: ${fullName.split(' ').at(-1)}`,
    `mail: ${uid}@example.com`,
    `userPassword: ${password}`,
    ...extra,
    '',
  ].join('\n')

await directory.add(
  [
    person('alice', 'Alice Cook', 'alice-password', ['employeeType: admin']),
    person('bob', 'Bob Baker', 'bob-password'),
    person('dora', 'Dora Diner', 'dora-password'),
    person('erin', 'Erin Eater', 'erin-password'),
    // Kept out by LDAP_USER_FILTER: not an inetOrgPerson.
    [
      `dn: cn=service,${peopleDn}`,
      'objectClass: person',
      'objectClass: uidObject',
      'cn: service',
      'sn: service',
      'uid: service',
      'userPassword: service-password',
      '',
    ].join('\n'),
  ].join('\n'),
)

const ldapEnvironment = {
  LDAP_AUTH_ENABLED: 'true',
  LDAP_SERVER_URL: directory.url,
  LDAP_BASE_DN: peopleDn,
  LDAP_QUERY_BIND: directory.adminDn,
  LDAP_QUERY_PASSWORD: directory.adminPassword,
  LDAP_USER_FILTER: '(objectClass=inetOrgPerson)',
  LDAP_ADMIN_FILTER: '(employeeType=admin)',
  LDAP_NAME_ATTRIBUTE: 'cn',
}

const ldapApp = (environment: Record<string, string> = {}) =>
  createExternalSignInApp({ ...ldapEnvironment, ...environment })

const signInAs = ({ api }: TestApp, username: string, password: string, rememberMe = false) =>
  api.call(signIn, { body: { username, password, remember_me: rememberMe } })

describe('LDAP sign-in', () => {
  it('creates the account on the first sign-in, from the directory, and finds it again by id or mail', async () => {
    const testApp = await ldapApp()
    const first = await signInAs(testApp, 'bob', 'bob-password', true)
    expect(String(first.headers['set-cookie'])).toContain('Max-Age=1209600')
    const created = await signedInUser(testApp, first)
    expect(created).toMatchObject({
      username: 'bob',
      fullName: 'Bob Baker',
      email: 'bob@example.com',
      authMethod: 'LDAP',
      admin: false,
      canManage: false,
      group: 'Home',
      household: 'Family',
    })
    const [row] = await testApp.sql`select password_hash from users where id = ${created.id}`
    expect(row!.password_hash).toBeNull()

    const count = await userCount(testApp)
    const byMail = await signInAs(testApp, 'BOB@example.com', 'bob-password')
    expect((await signedInUser(testApp, byMail)).id).toBe(created.id)
    expect(await userCount(testApp)).toBe(count)
  })

  it('keeps the admin flag in step with LDAP_ADMIN_FILTER at every sign-in', async () => {
    const testApp = await ldapApp()
    const first = await signInAs(testApp, 'alice', 'alice-password')
    expect(await signedInUser(testApp, first)).toMatchObject({
      admin: true,
      canManage: true,
      canOrganize: true,
    })

    await directory.modify(`dn: uid=alice,${peopleDn}\nchangetype: modify\ndelete: employeeType\n`)
    try {
      const second = await signInAs(testApp, 'alice', 'alice-password')
      expect((await signedInUser(testApp, second)).admin).toBe(false)
    } finally {
      await directory.modify(`dn: uid=alice,${peopleDn}\nchangetype: modify\nadd: employeeType\nemployeeType: admin\n`)
    }
  })

  it('refuses a wrong or empty password with 401, writes nothing, and never locks an LDAP account', async () => {
    const testApp = await ldapApp()
    for (const password of ['wrong-password', '']) {
      const response = await signInAs(testApp, 'dora', password)
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ detail: { message: 'Wrong username, email or password' } })
    }
    expect(await userCount(testApp)).toBe(0)

    expect((await signInAs(testApp, 'dora', 'dora-password')).status).toBe(200)
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signInAs(testApp, 'dora', 'wrong-password')).status).toBe(401)
    }
    const [row] = await testApp.sql`select failed_login_attempts, locked_at from users where username = 'dora'`
    expect(row).toMatchObject({ failed_login_attempts: 0, locked_at: null })
    expect((await signInAs(testApp, 'dora', 'dora-password')).status).toBe(200)
  })

  it('escapes the login in the search filter, so wildcards and injected clauses match nobody', async () => {
    const testApp = await ldapApp()
    // Unescaped, each of these would find exactly one person (bob) and bind with his password.
    for (const login of ['bo*', 'b*b', '*)(uid=bob', 'bob)(uid=*']) {
      const response = await signInAs(testApp, login, 'bob-password')
      expect(response.status, login).toBe(401)
    }
    expect((await signInAs(testApp, '*)(uid=*', 'alice-password')).status).toBe(401)
    expect(await userCount(testApp)).toBe(0)
  })

  it('applies LDAP_USER_FILTER: people outside it cannot sign in', async () => {
    const testApp = await ldapApp()
    expect((await signInAs(testApp, 'service', 'service-password')).status).toBe(401)
    const unfiltered = await ldapApp({ LDAP_USER_FILTER: '', LDAP_NAME_ATTRIBUTE: 'cn' })
    // Found and bound, but it has no mail: an account cannot be made without one.
    expect((await signInAs(unfiltered, 'service', 'service-password')).status).toBe(401)
    expect(await userCount(unfiltered)).toBe(0)
  })

  it('searches anonymously when no query bind is configured', async () => {
    const testApp = await ldapApp({ LDAP_QUERY_BIND: '', LDAP_QUERY_PASSWORD: '' })
    const response = await signInAs(testApp, 'erin', 'erin-password')
    expect((await signedInUser(testApp, response)).username).toBe('erin')
  })

  it('signs a local account in locally, never through the directory, even when the names collide', async () => {
    const testApp = await ldapApp()
    const household = (await testApp.sql`select id from households where name = 'Family'`)[0]!.id as string
    const local = await testApp.make.user({ username: 'alice', email: 'alice@home.example', householdId: household })
    expect((await signInAs(testApp, 'alice', 'alice-password')).status).toBe(401)
    const response = await signInAs(testApp, 'alice', local.password)
    expect(await signedInUser(testApp, response)).toMatchObject({
      id: local.id,
      authMethod: 'Mealie',
      admin: false,
    })
  })

  it('still signs local accounts in when the directory cannot be reached', async () => {
    const testApp = await ldapApp({ LDAP_SERVER_URL: 'ldap://127.0.0.1:9' })
    const local = await testApp.make.user()
    expect((await signInAs(testApp, 'bob', 'bob-password')).status).toBe(401)
    expect((await signInAs(testApp, local.username!, local.password)).status).toBe(200)
  })
})

describe('LDAP search filter', () => {
  it('escapes the RFC 4515 specials in a value', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a')
    expect(escapeFilterValue('a\\b\0c')).toBe('a\\5cb\\00c')
    expect(escapeFilterValue('José.O’Brien@example.com')).toBe('José.O’Brien@example.com')
  })

  it("builds Mealie's filter, with the placeholders of LDAP_USER_FILTER filled and escaped", () => {
    const config = {
      LDAP_ID_ATTRIBUTE: 'uid',
      LDAP_MAIL_ATTRIBUTE: 'mail',
      LDAP_USER_FILTER: '(|({id_attribute}={input})(memberOf=cn=cooks))',
    }
    expect(userSearchFilter(config, 'a*')).toBe('(&(|(uid=a\\2a)(mail=a\\2a))(|(uid=a\\2a)(memberOf=cn=cooks)))')
    expect(userSearchFilter({ ...config, LDAP_USER_FILTER: 'objectClass=person' }, 'x')).toBe(
      '(&(|(uid=x)(mail=x))(objectClass=person))',
    )
    expect(userSearchFilter({ ...config, LDAP_USER_FILTER: undefined }, 'x')).toBe('(&(|(uid=x)(mail=x)))')
  })
})
