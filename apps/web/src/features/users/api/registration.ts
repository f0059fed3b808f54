import {
  lookUpInvitation,
  registerUser,
  validateEmail,
  validateGroupName,
  validateUsername,
  type CreateUserRegistration,
} from '@larder/contracts'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ApiError } from '@/api/api-error'
import { call } from '@/api/http'

/** Pause after the last keystroke before asking the server whether a name is free. */
export const availabilityDebounceMs = 400

export type AvailabilityKind = 'username' | 'email' | 'groupName'
export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown'

async function isFree(kind: AvailabilityKind, value: string): Promise<boolean> {
  const options = { notify: false }
  if (kind === 'username') return (await call(validateUsername, { ...options, query: { name: value } })).valid
  if (kind === 'email') return (await call(validateEmail, { ...options, query: { email: value } })).valid
  return (await call(validateGroupName, { ...options, query: { name: value } })).valid
}

/**
 * Is `value` still free? Asked once typing pauses, and only for values that pass the local rules (`checkable`).
 * "unknown" when the check itself failed: the server has the last word on submit anyway.
 */
export function useAvailability(kind: AvailabilityKind, value: string, checkable: boolean): Availability {
  const trimmed = kind === 'groupName' ? value.trim() : value.trim().toLowerCase()
  const [debounced] = useDebouncedValue(trimmed, availabilityDebounceMs)
  const settled = debounced === trimmed
  const query = useQuery({
    queryKey: ['validators', kind, debounced],
    queryFn: () => isFree(kind, debounced),
    enabled: checkable && debounced !== '',
    staleTime: 10_000,
  })
  if (!checkable || trimmed === '') return 'idle'
  if (!settled || query.isPending) return 'checking'
  if (query.isError) return 'unknown'
  return query.data ? 'available' : 'taken'
}

/** What the server says of an invitation code: what it joins, or that it cannot be used. */
export type InvitationLookup =
  { state: 'idle' | 'checking' | 'invalid' | 'unknown' } | { state: 'valid'; group: string; household: string }

/**
 * The group and household an invitation code joins, asked once typing pauses (at once for the code of a link).
 * "invalid" when the server refuses the code (unknown, spent, expired, malformed); "unknown" when the lookup itself
 * failed, which blocks nothing: registration has the last word.
 */
export function useInvitation(token: string): InvitationLookup {
  const trimmed = token.trim()
  const [debounced] = useDebouncedValue(trimmed, availabilityDebounceMs)
  const query = useQuery({
    queryKey: ['invitation', debounced],
    queryFn: () => call(lookUpInvitation, { notify: false, query: { token: debounced } }),
    enabled: debounced !== '',
  })
  if (trimmed === '') return { state: 'idle' }
  if (debounced !== trimmed || query.isPending) return { state: 'checking' }
  if (query.isError) {
    const refused = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422)
    return { state: refused ? 'invalid' : 'unknown' }
  }
  return { state: 'valid', ...query.data }
}

export function useRegister() {
  return useMutation({
    mutationFn: (registration: CreateUserRegistration) => call(registerUser, { body: registration }),
  })
}
