// The Shopify stand-in's webhooks: each subscription (webhookSubscriptionCreate, or the app's configuration for the
// mandatory privacy topics) gets its topic's events as Shopify delivers them: a POST of the JSON payload with
// X-Shopify-Topic, X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body keyed with the app's client secret),
// X-Shopify-Webhook-Id (the same on every retry of one event, for de-duplication), X-Shopify-Shop-Domain and
// X-Shopify-API-Version; retried while the endpoint does not answer 2xx. Signed here on its own, not with the app's
// code, so the app's check meets an independent signer.
import { createHmac, randomUUID } from 'node:crypto'

export interface ShopifyWebhookDelivery {
  webhookId: string
  /** The header's form of the topic, e.g. orders/paid. */
  topic: string
  uri: string
  /** Each attempt's HTTP status (0: the endpoint could not be reached). */
  attempts: number[]
}

// Shopify retries a failed delivery 8 times over 4 hours; the stand-in keeps a few, at a test's pace (1, 2, then 3 s).
const ATTEMPTS = 4
const RETRY_MS = 1_000

/** ORDERS_PAID → orders/paid, the form X-Shopify-Topic carries. */
export const topicHeader = (topic: string) => topic.toLowerCase().replace('_', '/')

/** A webhook request as Shopify signs it. */
export function signedAsShopify(
  body: string,
  { secret, topic, shop, apiVersion, id = randomUUID() }: SigningOptions,
): RequestInit & { headers: Record<string, string> } {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body, 'utf8').digest('base64'),
      'x-shopify-shop-domain': shop,
      'x-shopify-api-version': apiVersion,
      'x-shopify-webhook-id': id,
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    body,
  }
}

interface SigningOptions {
  secret: string
  topic: string
  shop: string
  apiVersion: string
  id?: string
}

export interface WebhookSenderSettings {
  secret: string
  shop: string
  apiVersion: string
}

export function createShopifyWebhooks(settings: WebhookSenderSettings) {
  /** Topic (header form) → the addresses subscribed to it. */
  const subscriptions = new Map<string, Set<string>>()
  const deliveries: ShopifyWebhookDelivery[] = []

  async function deliver(topic: string, uri: string, body: string): Promise<void> {
    const delivery: ShopifyWebhookDelivery = { webhookId: randomUUID(), topic, uri, attempts: [] }
    deliveries.push(delivery)
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt))
      const request = signedAsShopify(body, { ...settings, topic, id: delivery.webhookId })
      const status = await fetch(uri, request).then(
        (response) => response.status,
        () => 0,
      )
      delivery.attempts.push(status)
      if (status >= 200 && status < 300) return
    }
  }

  return {
    subscriptions,
    deliveries,
    /** Subscribes an address to a topic (either form: ORDERS_PAID or orders/paid). */
    subscribe(topic: string, uri: string) {
      const key = topic.includes('/') ? topic : topicHeader(topic)
      subscriptions.set(key, (subscriptions.get(key) ?? new Set()).add(uri))
    },
    /** The event goes out to every address subscribed to its topic (not awaited: delivery is apart from the event). */
    emit(topic: string, payload: unknown) {
      const body = JSON.stringify(payload)
      for (const uri of subscriptions.get(topic) ?? []) void deliver(topic, uri, body)
    },
  }
}

export type ShopifyWebhooks = ReturnType<typeof createShopifyWebhooks>
