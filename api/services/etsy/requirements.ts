// What Etsy needs before a listing can go live there, checked before anything is sent: a connected shop whose grant
// has the scopes selling needs, the seller's answers Etsy requires (who made it, when, whether it is a supply) and that
// Etsy allows (what someone else made only when vintage or a craft supply), an Etsy category, and the shop's own
// shipping, return and processing profiles (Etsy will not activate a physical listing without them). The Requirements
// route shows it; publishing refuses with its first code.
import {
  ETSY_WHO_MADE,
  type EtsyAnswers,
  type EtsyChoice,
  type EtsyMissing,
  type EtsyRequirements,
} from '../../contract/etsy-publish.ts'
import { ETSY_WHEN_MADE, etsyResaleRefusal, type EtsyWhenMade } from '../../contract/etsy-when-made.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { AppError } from '../../errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { ETSY_SCOPES } from './etsy-connect.ts'
import { etsyNotConnected, etsyReconnectNeeded } from './errors.ts'
import type { SellerTaxonomy } from './seller-taxonomy.ts'
import type { EtsyShopSetup } from './shop-setup.ts'

/** Everything createDraftListing and the inventory need beside the listing's own fields. */
export interface EtsyPlan {
  shopId: string
  whoMade: (typeof ETSY_WHO_MADE)[number]
  whenMade: EtsyWhenMade
  isSupply: boolean
  taxonomyId: number
  shippingProfileId: number
  returnPolicyId: number
  readinessStateId: number
}

const SHOP_MANAGER = 'in Shop Manager on Etsy (Settings)'
const NONE = { taxonomy: null, shippingProfiles: [], returnPolicies: [], processingProfiles: [] }

/** The chosen profile when it is the shop's, else the shop's first; what is wrong otherwise. */
function pick(choices: EtsyChoice[], chosen: number | undefined, what: string, setUp: string): number | EtsyMissing {
  if (!choices.length)
    return {
      code: 'etsy_shop_setup_missing',
      message: `Your Etsy shop has no ${what} yet. Add one ${SHOP_MANAGER}: ${setUp}, then post again.`,
    }
  if (chosen === undefined) return choices[0]!.id
  if (choices.some((choice) => choice.id === chosen)) return chosen
  return { code: 'etsy_missing_fields', message: `That ${what} is not one of your Etsy shop's.` }
}

export type EtsyRequirementsCheck = (
  userId: number,
  listing: Listing,
  answers: EtsyAnswers,
  asking?: () => Promise<void>,
) => Promise<{ requirements: EtsyRequirements; plan: EtsyPlan | null }>

export function createEtsyRequirements(deps: {
  sql: Sql
  connectionService: MarketplaceConnectionService
  shopSetup: EtsyShopSetup
  taxonomy: SellerTaxonomy
}): EtsyRequirementsCheck {
  const { sql, connectionService, shopSetup, taxonomy: sellerTaxonomy } = deps
  /** `asking` runs once the seller's shop is about to be asked (the Post to Etsy dialog's check counts it). */
  return async function check(
    userId: number,
    listing: Listing,
    answers: EtsyAnswers,
    asking: () => Promise<void> = async () => {},
  ): Promise<{ requirements: EtsyRequirements; plan: EtsyPlan | null }> {
    const lists = { whoMade: ETSY_WHO_MADE, whenMade: ETSY_WHEN_MADE }
    const early = ({ code, message }: AppError) => ({
      requirements: { missing: [{ code, message }], ...NONE, ...lists },
      plan: null,
    })
    const connection = await findConnection(sql, userId, 'etsy')
    if (!connection) return early(etsyNotConnected())
    if (!ETSY_SCOPES.every((scope) => connection.scopes?.includes(scope))) return early(etsyReconnectNeeded())
    const shopId = connection.accountId
    if (!shopId)
      return early(
        new AppError(
          409,
          'etsy_no_shop',
          'Your Etsy account has no shop yet. Open a shop on Etsy, then connect Etsy again.',
        ),
      )
    const { setup, taxonomy } = await connectionService.call(userId, 'etsy', async (token) => {
      await asking()
      return {
        setup: await shopSetup.read(token, shopId),
        taxonomy: await sellerTaxonomy.choice((use) => use(token), answers.taxonomyId, listing),
      }
    })
    const shipping = pick(setup.shippingProfiles, answers.shippingProfileId, 'shipping profile', 'Shipping settings')
    const returns = pick(setup.returnPolicies, answers.returnPolicyId, 'return policy', 'Return policies')
    const processing = pick(
      setup.processingProfiles,
      answers.readinessStateId,
      'processing profile',
      'Processing profiles',
    )
    const unanswered = [
      answers.whoMade === undefined ? 'who made it' : '',
      answers.whenMade === undefined ? 'when it was made' : '',
      answers.isSupply === undefined ? 'whether it is a supply' : '',
      taxonomy ? '' : 'an Etsy category',
    ].filter(Boolean)
    const refusal = etsyResaleRefusal(answers)
    const missing: EtsyMissing[] = [
      // First: an answer Etsy does not allow is what publishing is refused for, whatever else is missing.
      ...(refusal ? [{ code: 'etsy_not_allowed' as const, message: refusal }] : []),
      ...(unanswered.length
        ? [{ code: 'etsy_missing_fields' as const, message: `Etsy needs ${unanswered.join(', ')}.` }]
        : []),
      ...[shipping, returns, processing].filter((choice) => typeof choice !== 'number'),
    ]
    const requirements = { missing, taxonomy, ...setup, ...lists }
    if (
      missing.length ||
      typeof shipping !== 'number' ||
      typeof returns !== 'number' ||
      typeof processing !== 'number' ||
      !taxonomy
    )
      return { requirements, plan: null }
    return {
      requirements,
      plan: {
        shopId,
        whoMade: answers.whoMade!,
        whenMade: answers.whenMade!,
        isSupply: answers.isSupply!,
        taxonomyId: taxonomy.id,
        shippingProfileId: shipping,
        returnPolicyId: returns,
        readinessStateId: processing,
      },
    }
  }
}

// Refusals the seller answers in the dialog (400); the rest are set up on Etsy (409).
const ANSWERED_IN_THE_DIALOG: readonly EtsyMissing['code'][] = ['etsy_missing_fields', 'etsy_not_allowed']

/** Publishing's refusal for what the check found missing: the first's code, every message. */
export const missingRefusal = (missing: EtsyMissing[]) =>
  new AppError(
    ANSWERED_IN_THE_DIALOG.includes(missing[0]!.code) ? 400 : 409,
    missing[0]!.code,
    missing.map((m) => m.message).join(' '),
    missing[0]!.code === 'etsy_not_allowed'
      ? { fields: { whenMade: 'Etsy allows this only for a vintage item or a craft supply' } }
      : undefined,
  )
