import { forgotPassword, resetPassword } from '@larder/contracts'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/api/http'

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => call(forgotPassword, { body: { email } }) })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (reset: { token: string; email: string; password: string; passwordConfirm: string }) =>
      call(resetPassword, { body: reset }),
  })
}
