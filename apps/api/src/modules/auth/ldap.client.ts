import { readFile } from 'node:fs/promises'
import type { ConnectionOptions } from 'node:tls'
import type { Client, Entry } from 'ldapts'
import type { Config } from '../../config.js'

/** What the directory says about a person whose password it has just accepted. */
export interface DirectoryPerson {
  dn: string
  username: string | null
  fullName: string | null
  email: string | null
  /** Whether LDAP_ADMIN_FILTER matches the person; null when no admin filter is configured. */
  admin: boolean | null
}

/** RFC 4515 §3: a value inside a filter escapes `*`, `(`, `)`, `\` and NUL as `\XX`, so input cannot add clauses. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (character) => `\\${character.charCodeAt(0).toString(16).padStart(2, '0')}`)
}

/** A configured filter may be written without its outer parentheses (`objectClass=person`). */
function parenthesized(filter: string): string {
  const trimmed = filter.trim()
  if (trimmed === '') return ''
  return trimmed.startsWith('(') ? trimmed : `(${trimmed})`
}

/**
 * Mealie's user search: `(&(|(<id>=<input>)(<mail>=<input>))<LDAP_USER_FILTER>)`, where the user filter may name
 * `{id_attribute}`, `{mail_attribute}` and `{input}`. Unlike Mealie, the input is escaped everywhere it goes.
 */
export function userSearchFilter(
  config: Pick<Config, 'LDAP_ID_ATTRIBUTE' | 'LDAP_MAIL_ATTRIBUTE' | 'LDAP_USER_FILTER'>,
  input: string,
): string {
  const value = escapeFilterValue(input)
  const extra = parenthesized(
    (config.LDAP_USER_FILTER ?? '')
      .replaceAll('{id_attribute}', config.LDAP_ID_ATTRIBUTE)
      .replaceAll('{mail_attribute}', config.LDAP_MAIL_ATTRIBUTE)
      .replaceAll('{input}', value),
  )
  return `(&(|(${config.LDAP_ID_ATTRIBUTE}=${value})(${config.LDAP_MAIL_ATTRIBUTE}=${value}))${extra})`
}

/** Attribute names are case-insensitive; a value may come as one string, several, or bytes. */
function firstValue(entry: Entry, attribute: string): string | null {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase())
  const raw = key === undefined ? undefined : entry[key]
  const first: unknown = Array.isArray(raw) ? raw[0] : raw
  const text = Buffer.isBuffer(first) ? first.toString('utf8') : typeof first === 'string' ? first : null
  return text?.trim() ? text.trim() : null
}

const connectTimeoutMs = 5_000
const operationTimeoutMs = 10_000

/**
 * Checks a login and password against the directory (docs/mealie-compatibility.md "LDAP sign-in"): bind for the search (or stay
 * anonymous), find exactly one person by id or mail, test the admin filter, then bind as that person. Answers null
 * for any refusal; problems with the server itself are logged, never shown to the person signing in.
 */
export function createLdapDirectory(deps: { config: Config; log: (message: string, error?: unknown) => void }) {
  const { config, log } = deps
  let tlsOptions: Promise<ConnectionOptions> | undefined

  async function readTlsOptions(): Promise<ConnectionOptions> {
    const options: ConnectionOptions = {}
    if (config.LDAP_TLS_INSECURE) options.rejectUnauthorized = false
    if (config.LDAP_TLS_CACERTFILE) options.ca = await readFile(config.LDAP_TLS_CACERTFILE)
    return options
  }

  return {
    async authenticate(login: string, password: string): Promise<DirectoryPerson | null> {
      // An empty password makes a simple bind "unauthenticated", which many servers accept without any check.
      if (login.trim() === '' || password === '') return null
      tlsOptions ??= readTlsOptions()
      let client: Client | undefined
      let step = 'connecting'
      try {
        const tls = await tlsOptions
        // ldapts loads with the first LDAP sign-in, not at start-up (bench/cold-start).
        const { Client } = await import('ldapts')
        client = new Client({
          url: config.LDAP_SERVER_URL!,
          connectTimeout: connectTimeoutMs,
          timeout: operationTimeoutMs,
          tlsOptions: tls,
        })
        if (config.LDAP_ENABLE_STARTTLS) {
          step = 'starting TLS'
          await client.startTLS(tls)
        }
        if (config.LDAP_QUERY_BIND) {
          step = 'binding as LDAP_QUERY_BIND'
          await client.bind(config.LDAP_QUERY_BIND, config.LDAP_QUERY_PASSWORD ?? '')
        }
        step = 'searching for the user'
        const { searchEntries } = await client.search(config.LDAP_BASE_DN!, {
          scope: 'sub',
          filter: userSearchFilter(config, login.trim()),
          attributes: [config.LDAP_ID_ATTRIBUTE, config.LDAP_NAME_ATTRIBUTE, config.LDAP_MAIL_ATTRIBUTE],
        })
        const matches = searchEntries.filter((entry) => entry.dn)
        const [entry] = matches
        if (!entry || matches.length > 1) return null

        let admin: boolean | null = null
        if (config.LDAP_ADMIN_FILTER) {
          step = 'testing LDAP_ADMIN_FILTER'
          const { searchEntries: adminMatches } = await client.search(entry.dn, {
            scope: 'base',
            filter: parenthesized(config.LDAP_ADMIN_FILTER),
            attributes: ['1.1'],
          })
          admin = adminMatches.length > 0
        }

        step = 'user bind'
        await client.bind(entry.dn, password)
        return {
          dn: entry.dn,
          username: firstValue(entry, config.LDAP_ID_ATTRIBUTE),
          fullName: firstValue(entry, config.LDAP_NAME_ATTRIBUTE),
          email: firstValue(entry, config.LDAP_MAIL_ATTRIBUTE),
          admin,
        }
      } catch (error) {
        // A wrong password is an ordinary refusal; anything else means the server or its settings need a look.
        if (step !== 'user bind') log(`LDAP sign-in failed while ${step}`, error)
        return null
      } finally {
        await client?.unbind().catch(() => undefined)
      }
    },
  }
}

export type LdapDirectory = ReturnType<typeof createLdapDirectory>
