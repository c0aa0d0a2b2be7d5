// eBay's Marketplace Account Deletion notifications (integration-notes §A3), which eBay requires of every app: the
// endpoint's challenge (SHA-256 hex of challenge code + verification token + endpoint URL) and the notification, whose
// X-EBAY-SIGNATURE is verified (notification-signature.ts) before that eBay user's tokens are erased. Anyone can post
// here and name anyone, so a notice draws on the public key-fetch budget whoever it names.
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import { eraseAccount } from '../../db/marketplace-connections.ts'
import type { EbayConfig } from './ebay-env.ts'
import { AppError } from '../../errors.ts'
import { challengeResponse } from './notification-challenge.ts'
import {
  createNotificationSignatures,
  notificationBody,
  type NotificationSignatures,
} from './notification-signature.ts'

const NotificationSchema = v.object({
  metadata: v.object({ topic: v.string() }),
  notification: v.object({
    data: v.object({ userId: v.pipe(v.string(), v.nonEmpty()), username: v.optional(v.string()) }),
  }),
})
const notConfigured = () =>
  new AppError(
    503,
    'ebay_deletion_not_configured',
    'eBay account deletion notifications are not set up: the site operator needs to set EBAY_VERIFICATION_TOKEN and EBAY_DELETION_ENDPOINT_URL (the public address of this endpoint, exactly as registered with eBay).',
  )
export type DeletionOutcome = { kind: 'erased'; connections: number } | { kind: 'ignored' }

export interface EbayAccountDeletion {
  /** GET ?challenge_code=…: proves to eBay that this endpoint is ours. */
  challenge(challengeCode: string): { challengeResponse: string }
  /** POST: a verified MARKETPLACE_ACCOUNT_DELETION erases that eBay user's tokens; other topics are acknowledged. */
  notify(rawBody: string, signatureHeader: string | undefined, clientAddress: string): Promise<DeletionOutcome>
}

export function createEbayAccountDeletion(
  sql: Sql,
  config: EbayConfig | undefined,
  fetcher: typeof fetch = fetch,
  signatures: NotificationSignatures = createNotificationSignatures(sql, config, fetcher),
): EbayAccountDeletion {
  return {
    challenge(challengeCode: string): { challengeResponse: string } {
      if (!config?.verificationToken || !config.deletionEndpointUrl) throw notConfigured()
      return challengeResponse(challengeCode, config.verificationToken, config.deletionEndpointUrl)
    },

    async notify(
      rawBody: string,
      signatureHeader: string | undefined,
      clientAddress: string,
    ): Promise<DeletionOutcome> {
      if (!config?.verificationToken || !config.deletionEndpointUrl) throw notConfigured()
      const parsedBody = notificationBody(rawBody)
      const notification = v.safeParse(NotificationSchema, parsedBody)
      const deletion =
        notification.success && notification.output.metadata.topic === 'MARKETPLACE_ACCOUNT_DELETION'
          ? notification.output.notification.data
          : undefined
      // Verified whoever it names, so the answer says nothing of who is connected here.
      await signatures.verify(rawBody, parsedBody, signatureHeader, clientAddress, 'public')
      if (!deletion) return { kind: 'ignored' }
      const { userId, username } = deletion
      const connections = await eraseAccount(sql, 'ebay', userId, username)
      console.log(`[ebay] account deletion notification: erased the tokens of ${connections} connection(s)`)
      return { kind: 'erased', connections }
    },
  }
}
