import type { SecretSealer } from '../../../lib/sealed-secrets.js'
import { notifierUrlSealer } from '../../notifiers/index.js'
import { webhookSecretSealer } from '../../webhooks/index.js'

/** What a converted Mealie backup seals as the instance stores it: notifier URLs, and the webhooks' new secrets. */
export interface MealieSecrets {
  urlSecrets: SecretSealer
  webhookSecrets: SecretSealer
}

export function mealieSecrets(instanceSecret: string): MealieSecrets {
  return { urlSecrets: notifierUrlSealer(instanceSecret), webhookSecrets: webhookSecretSealer(instanceSecret) }
}
