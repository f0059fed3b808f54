import type { authMethods } from '@larder/contracts'
import type { TFunction } from 'i18next'

/**
 * What a sign-in method is called on screen: the wire keeps Mealie's value `Mealie` for a password held by this
 * server, which means nothing to the people reading the users list.
 */
export function authMethodLabel(t: TFunction, method: (typeof authMethods)[number]): string {
  return t(`admin.users.authMethods.${method}`)
}
