import { createInvitation, emailInvitation } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/api/http'

/** The link an invitation token opens: registration with the token filled in (docs/mealie-compatibility.md "Registration, invitations and password reset"). */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/register?token=${encodeURIComponent(token)}`
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: (uses: number) => call(createInvitation, { body: { uses } }) })
}

export function useEmailInvitation() {
  return useMutation({
    mutationFn: (invitation: { email: string; token: string }) => call(emailInvitation, { body: invitation }),
  })
}
