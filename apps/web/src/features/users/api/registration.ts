import {
  registerUser,
  validateEmail,
  validateGroupName,
  validateUsername,
  type CreateUserRegistration,
} from '@larder/contracts'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery } from '@tanstack/react-query'
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

export function useRegister() {
  return useMutation({
    mutationFn: (registration: CreateUserRegistration) => call(registerUser, { body: registration }),
  })
}
