import {
  createNotifier,
  deleteNotifier,
  listNotifierDeliveries,
  listNotifiers,
  testNotifier,
  updateNotifier,
  type GroupEventNotifierOut,
  type GroupEventNotifierUpdate,
} from '@larder/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'

export const notifierKeys = {
  all: ['households', 'self', 'notifiers'] as const,
  list: () => [...notifierKeys.all, 'list'] as const,
  deliveries: (id: string) => [...notifierKeys.all, 'deliveries', id] as const,
}

export function useNotifiers() {
  return useQuery({
    queryKey: notifierKeys.list(),
    queryFn: () => call(listNotifiers, { query: { page: 1, perPage: -1, orderBy: 'name', orderDirection: 'asc' } }),
  })
}

/** The notifier's latest attempts, read while its panel is open. */
export function useNotifierDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: notifierKeys.deliveries(id),
    queryFn: () => call(listNotifierDeliveries, { params: { id }, query: { limit: 20 } }),
    enabled,
  })
}

export function useNotifierWrites() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: notifierKeys.all })
  const create = useMutation({
    mutationFn: (body: { name: string; appriseUrl: string }) => call(createNotifier, { body }),
    onSuccess: refresh,
  })
  const update = useMutation({
    mutationFn: (input: { id: string; body: GroupEventNotifierUpdate }) =>
      call(updateNotifier, { params: { id: input.id }, body: input.body }),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => call(deleteNotifier, { params: { id } }),
    onSuccess: refresh,
  })
  const test = useMutation({
    mutationFn: (id: string) => call(testNotifier, { params: { id } }),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: notifierKeys.deliveries(id) }),
  })
  return {
    create: (body: { name: string; appriseUrl: string }) => create.mutateAsync(body),
    update: (notifier: GroupEventNotifierOut, body: GroupEventNotifierUpdate) =>
      update.mutateAsync({ id: notifier.id, body }),
    remove: (id: string) => remove.mutateAsync(id),
    test: (id: string) => test.mutateAsync(id),
  }
}
