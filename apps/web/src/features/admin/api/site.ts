import {
  adminGetEmailReady,
  adminSendTestEmail,
  getAdminAbout,
  getAdminCheck,
  getAdminStatistics,
} from '@larder/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { call } from '@/api/http'

export const adminSiteKeys = {
  about: ['admin', 'about'] as const,
  statistics: ['admin', 'about', 'statistics'] as const,
  check: ['admin', 'about', 'check'] as const,
  email: ['admin', 'email'] as const,
}

export function useAdminAbout() {
  return useQuery({ queryKey: adminSiteKeys.about, queryFn: () => call(getAdminAbout) })
}

export function useAdminStatistics() {
  return useQuery({ queryKey: adminSiteKeys.statistics, queryFn: () => call(getAdminStatistics) })
}

export function useAdminCheck() {
  return useQuery({ queryKey: adminSiteKeys.check, queryFn: () => call(getAdminCheck) })
}

export function useAdminEmailReady() {
  return useQuery({ queryKey: adminSiteKeys.email, queryFn: () => call(adminGetEmailReady) })
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: (email: string) => call(adminSendTestEmail, { body: { email } }) })
}
