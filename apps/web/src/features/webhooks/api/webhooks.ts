import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  type CreateWebhook,
  type ReadWebhook,
} from '@larder/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/http'
import { everyItem } from '@/components/paginated'

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
}

export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.list(),
  queryFn: () => call(listWebhooks, { query: { ...everyItem, orderBy: 'name', orderDirection: 'asc' } }),
})

export function useWebhooks() {
  return useQuery(webhooksQuery)
}

/** The newest attempts first; the log of a webhook is read when its panel asks. */
export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => call(listWebhookDeliveries, { params: { id }, query: { page: 1, perPage: 20 } }),
    enabled,
  })
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all })
}

/** A new webhook as Mealie's web client makes one: off, at midnight, to be filled in. */
export function useCreateWebhook() {
  const refresh = useRefreshWebhooks()
  return useMutation({
    mutationFn: (body: CreateWebhook) => call(createWebhook, { body }),
    onSettled: refresh,
  })
}

/** Saves a webhook; a 422 is kept for the form, not notified. */
export function useSaveWebhook() {
  const refresh = useRefreshWebhooks()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateWebhook }) =>
      call(updateWebhook, { params: { id }, body, notify: false }),
    onSuccess: refresh,
  })
}

export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks()
  return useMutation({
    mutationFn: (webhook: ReadWebhook) => call(deleteWebhook, { params: { id: webhook.id } }),
    onSettled: refresh,
  })
}

export function useTestWebhook() {
  const refresh = useRefreshWebhooks()
  return useMutation({
    mutationFn: (id: string) => call(testWebhook, { params: { id } }),
    // The delivery is made after the answer: the log shows it a moment later.
    onSuccess: () => setTimeout(() => void refresh(), 1500),
  })
}

export function useRotateSecret() {
  const refresh = useRefreshWebhooks()
  return useMutation({
    mutationFn: (id: string) => call(rotateWebhookSecret, { params: { id } }),
    onSuccess: refresh,
  })
}

export function useReplayDelivery() {
  const refresh = useRefreshWebhooks()
  return useMutation({
    mutationFn: (deliveryId: string) => call(replayWebhookDelivery, { params: { deliveryId } }),
    onSuccess: () => setTimeout(() => void refresh(), 1500),
  })
}
