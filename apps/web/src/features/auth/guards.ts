import type { UserOut } from '@larder/contracts'
import { loginPathFor } from './redirects'
import { paths } from '@/app/paths'

type GuardUser = Pick<UserOut, 'admin' | 'advanced' | 'canManage' | 'canManageHousehold' | 'canOrganize' | 'groupSlug'>

export interface GuardContext {
  user: GuardUser | null
  url: URL
  params: Record<string, string | undefined>
}

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but not allowed: the route loader sends the user home with a notification. */
  | { kind: 'deny' }

export type Guard = (context: GuardContext) => GuardOutcome

const allow: GuardOutcome = { kind: 'allow' }
const deny: GuardOutcome = { kind: 'deny' }

function toLogin(context: GuardContext): GuardOutcome {
  return { kind: 'redirect', to: loginPathFor(context.url) }
}

/** A guard that lets a signed-in user through when `flag` holds. */
function requireFlag(flag: (user: GuardUser) => boolean): Guard {
  return (context) => {
    if (!context.user) return toLogin(context)
    return flag(context.user) ? allow : deny
  }
}

/** The same path in the user's own group: `/g/other/r/x?y` → `/g/mine/r/x?y`. */
function ownGroupPath(url: URL, groupSlug: string): string {
  const rest = url.pathname.replace(/^\/g\/[^/]+/, '')
  return `${paths.group(groupSlug)}${rest}${url.search}`
}

/** A member stays in their own group: another group's address is redirected to the same page in theirs. */
function ownGroupOnly(context: GuardContext, user: GuardUser): GuardOutcome {
  const wanted = context.params.groupSlug
  if (wanted === undefined || wanted === user.groupSlug) return allow
  return { kind: 'redirect', to: ownGroupPath(context.url, user.groupSlug) }
}

/** The named guards (docs/web.md "Route guards"). Routes name them; an unknown name is a programming error. */
export const guardRegistry: Readonly<Record<string, Guard>> = {
  auth: (context) => (context.user ? allow : toLogin(context)),
  'admin-only': requireFlag((user) => user.admin),
  'advanced-only': requireFlag((user) => user.advanced),
  'can-manage-household-only': requireFlag((user) => user.canManageHousehold),
  'can-manage-only': requireFlag((user) => user.canManage),
  'can-organize-only': requireFlag((user) => user.canOrganize),
  'group-only': (context) => (context.user ? ownGroupOnly(context, context.user) : toLogin(context)),
  // A page a signed-out visitor may read when the group (and what the page shows) is public; members as group-only.
  'group-only-or-visitor': (context) => (context.user ? ownGroupOnly(context, context.user) : allow),
}

export type GuardName = keyof typeof guardRegistry

/** Looks guards up by name; throws on a name the registry does not know (docs/web.md "Route guards"). */
export function resolveGuards(names: readonly string[]): Guard[] {
  return names.map((name) => {
    const guard = guardRegistry[name]
    if (!guard) throw new Error(`Unknown route guard "${name}"`)
    return guard
  })
}

/** The first outcome that is not "allow", in the order the route lists its guards. */
export function runGuards(guards: readonly Guard[], context: GuardContext): GuardOutcome {
  for (const guard of guards) {
    const outcome = guard(context)
    if (outcome.kind !== 'allow') return outcome
  }
  return allow
}
