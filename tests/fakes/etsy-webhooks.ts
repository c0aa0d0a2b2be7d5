// The Etsy stand-in's webhooks: once an app's endpoint is registered (as in Etsy's webhook portal), each paid receipt
// is delivered to it as Etsy delivers order.paid: a POST of { event_type, resource_url, shop_id } with webhook-id,
// webhook-timestamp and webhook-signature (v1, base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret's bytes
// after whsec_, the Standard Webhooks scheme Etsy follows), retried while the endpoint does not answer 2xx, as Etsy
// retries. Signed here on its own, not with the app's code, so the app's check meets an independent signer.
import { createHmac, randomUUID } from 'node:crypto'

export interface WebhookEndpoint {
  url: string
  /** whsec_ followed by the base64 secret, as Etsy's portal shows it. */
  secret: string
}

export interface WebhookDelivery {
  webhookId: string
  receiptId: number
  /** Each attempt's HTTP status (0: the endpoint could not be reached). */
  attempts: number[]
}

// Etsy retries a failed delivery on a schedule of minutes to hours; the stand-in keeps the count, at a test's pace
// (1, 2, then 3 s: past a killed API process's restart).
const ATTEMPTS = 4
const RETRY_MS = 1_000

/** A webhook request as Etsy signs it: by default sent now, with a new id. */
export function signedAsEtsy(body: string, { secret, at = Date.now(), id = `msg_${randomUUID()}` }: SigningOptions) {
  const timestamp = String(Math.floor(at / 1000))
  const signature = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64')
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1,${signature}`,
    },
    body,
  }
}

interface SigningOptions {
  secret: string
  at?: number
  id?: string
}

export function createWebhookSender(apiOrigin: () => string) {
  let endpoint: WebhookEndpoint | undefined
  const deliveries: WebhookDelivery[] = []

  async function deliver(shopId: number, receiptId: number, eventType: string): Promise<void> {
    if (!endpoint) return
    const { url, secret } = endpoint
    const body = JSON.stringify({
      event_type: eventType,
      resource_url: `${apiOrigin()}/v3/application/shops/${shopId}/receipts/${receiptId}`,
      shop_id: shopId,
    })
    const delivery: WebhookDelivery = { webhookId: `msg_${randomUUID()}`, receiptId, attempts: [] }
    deliveries.push(delivery)
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt))
      const status = await fetch(url, signedAsEtsy(body, { secret, id: delivery.webhookId })).then(
        (response) => response.status,
        () => 0,
      )
      delivery.attempts.push(status)
      if (status >= 200 && status < 300) return
    }
  }

  return {
    /** Registers (or, with undefined, removes) the app's endpoint, as in Etsy's webhook portal. */
    register(registered: WebhookEndpoint | undefined) {
      endpoint = registered
    },
    /** A receipt was paid: its order.paid goes out (not awaited, as Etsy's delivery is apart from the sale). */
    paid(shopId: number | null, receiptId: number) {
      if (shopId !== null) void deliver(shopId, receiptId, 'order.paid')
    },
    /** A receipt was cancelled (or refunded in full): its order.canceled goes out. */
    canceled(shopId: number | null, receiptId: number) {
      if (shopId !== null) void deliver(shopId, receiptId, 'order.canceled')
    },
    deliveries,
  }
}
