import { z } from 'zod'
import { endpointGroup } from '../endpoint.js'
import { ErrorResponse } from '../common/errors.js'
import { PaginationQuery, paginated } from '../common/pagination.js'
import {
  GroupEventNotifierCreate,
  GroupEventNotifierOut,
  GroupEventNotifierUpdate,
  NotifierDelivery,
} from './models.js'

const path = '/api/households/events/notifications'

/**
 * A household's notifiers (docs/mealie-compatibility.md "Notifiers"): the household's members with advanced options
 * on, as Mealie's web client shows them only to those, enforced here.
 */
const notifiers = endpointGroup({
  tags: ['Households: Event Notifications'],
  auth: 'user',
  guards: ['advanced'],
  errors: { 404: ErrorResponse },
})

export const listNotifiers = notifiers.endpoint({
  method: 'GET',
  path,
  summary: "List the household's notifiers",
  query: PaginationQuery,
  responses: { 200: paginated(GroupEventNotifierOut) },
})

export const createNotifier = notifiers.endpoint({
  method: 'POST',
  path,
  summary: 'Create a notifier from an Apprise URL; an unknown scheme is refused',
  body: GroupEventNotifierCreate,
  responses: { 201: GroupEventNotifierOut },
})

export const getNotifier = notifiers.endpoint({
  method: 'GET',
  path: `${path}/:id`,
  summary: 'Read one notifier',
  params: z.object({ id: z.uuid() }),
  responses: { 200: GroupEventNotifierOut },
})

export const updateNotifier = notifiers.endpoint({
  method: 'PUT',
  path: `${path}/:id`,
  summary: "Replace a notifier's name, state and event options; a missing Apprise URL keeps the stored one",
  params: z.object({ id: z.uuid() }),
  body: GroupEventNotifierUpdate,
  responses: { 200: GroupEventNotifierOut },
})

export const deleteNotifier = notifiers.endpoint({
  method: 'DELETE',
  path: `${path}/:id`,
  summary: 'Delete a notifier',
  params: z.object({ id: z.uuid() }),
  responses: { 204: null },
})

export const testNotifier = notifiers.endpoint({
  method: 'POST',
  path: `${path}/:id/test`,
  summary: 'Send a test message to the notifier now; the attempt joins its delivery history',
  params: z.object({ id: z.uuid() }),
  responses: { 204: null },
})

export const listNotifierDeliveries = notifiers.endpoint({
  method: 'GET',
  path: `${path}/:id/deliveries`,
  summary: "The notifier's latest delivery attempts, newest first (Larder's addition)",
  params: z.object({ id: z.uuid() }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  responses: { 200: z.array(NotifierDelivery) },
})

export const notifierEndpoints = [
  listNotifiers,
  createNotifier,
  getNotifier,
  updateNotifier,
  deleteNotifier,
  testNotifier,
  listNotifierDeliveries,
] as const
