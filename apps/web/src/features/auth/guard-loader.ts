import { redirect, type LoaderFunctionArgs } from 'react-router'
import i18next from 'i18next'
import { notificationStore } from '../../notifications/notification-store'
import { resolveGuards, runGuards } from './guards'
import { groupHomePath } from './redirects'
import type { Session } from './session'

/**
 * A route loader that enforces the named guards on every navigation, after the session has loaded. Names are
 * resolved when the route table is built, so a misspelt guard fails at start-up rather than on some later click.
 */
export function createGuardLoader(names: readonly string[], session: Session) {
  const guards = resolveGuards(names)
  return async ({ request, params }: LoaderFunctionArgs) => {
    await session.ensureLoaded()
    const { user } = session.store.get()
    const outcome = runGuards(guards, { user, url: new URL(request.url), params })
    if (outcome.kind === 'redirect') throw redirect(outcome.to)
    if (outcome.kind === 'deny' && user) {
      notificationStore.open({ text: i18next.t('errors.notAllowed'), color: 'warning' })
      throw redirect(groupHomePath(user.groupSlug))
    }
    return null
  }
}
