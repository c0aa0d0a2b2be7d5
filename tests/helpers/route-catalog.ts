// Every route of the app, classified: who may call it, which inputs it reads (as the contract's schemas describe them)
// and one request its rightful caller could send. The hostile-input and access sweeps enumerate the app's own route
// table and fail on a route missing here, so a route added later cannot go untested.
import { AnalyzePhotosSchema } from '../../api/contract/analysis.ts'
import { CategorySearchSchema } from '../../api/contract/category-search.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import type * as v from 'valibot'
import {
  AccountConfirmationSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  ReauthSchema,
  ResendVerificationSchema,
  VerifyEmailSchema,
} from '../../api/contract/account.ts'
import { AdminListingsQuerySchema } from '../../api/contract/admin.ts'
import { BulkActionInputSchema } from '../../api/contract/bulk-actions.ts'
import {
  DEFAULT_PRICE_RULES,
  FloorsQuerySchema,
  MarkdownPauseSchema,
  PriceRulesSchema,
  TypedFloorSchema,
} from '../../api/contract/price-rules.ts'
import { OffersQuerySchema } from '../../api/contract/offers.ts'
import { GuessesCheckedSchema } from '../../api/contract/guesses.ts'
import { BulkPostInputSchema } from '../../api/contract/bulk-post.ts'
import {
  EbayCategoryChoiceSchema,
  EbayPublishInputSchema,
  EbayRequirementsQuerySchema,
} from '../../api/contract/ebay-publish.ts'
import { EtsyPublishInputSchema, EtsyRequirementsQuerySchema } from '../../api/contract/etsy-publish.ts'
import { EventsQuerySchema } from '../../api/contract/events.ts'
import { EmailTemplateInputSchema, PurposeChoiceSchema, PurposeParamSchema } from '../../api/contract/email-template.ts'
import { GoogleSignInSchema } from '../../api/contract/google-sign-in.ts'
import {
  ChosenListingsQuerySchema,
  ListingBySkuQuerySchema,
  ListingSearchQuerySchema,
  ReadyListingIdsQuerySchema,
} from '../../api/contract/listing-search.ts'
import { ListingEditSchema, ListingFillSchema, ListingInputSchema } from '../../api/contract/listing.ts'
import { EbayExchangeSchema } from '../../api/contract/ebay/ebay-exchange.ts'
import { EtsyExchangeSchema } from '../../api/contract/etsy/etsy-exchange.ts'
import { ShopifyExchangeSchema } from '../../api/contract/shopify/shopify-exchange.ts'
import { EbayChallengeQuerySchema } from '../../api/contract/ebay/ebay-challenge.ts'
import { AuthStartQuerySchema, PlatformParamSchema } from '../../api/contract/marketplaces.ts'
import {
  OversoldSettledSchema,
  RelistSoldSchema,
  SaleReturnedSchema,
  SellingSettingsSchema,
  SoldElsewhereSchema,
} from '../../api/contract/sales.ts'
import { SalesExportQuerySchema } from '../../api/contract/exports.ts'
import { InsightSalesQuerySchema, InsightsQuerySchema } from '../../api/contract/insights.ts'
import { LabelsQuerySchema } from '../../api/contract/labels.ts'
import { ExpenseEditSchema, ExpenseInputSchema, ExpensesQuerySchema } from '../../api/contract/expenses.ts'
import { MileageRateInputSchema } from '../../api/contract/mileage.ts'
import { YearParamSchema } from '../../api/contract/tax-year-inputs.ts'
import { TaxYearCsvParamSchema } from '../../api/contract/tax-year.ts'
import { TripEditSchema, TripInputSchema, TripsQuerySchema } from '../../api/contract/trips.ts'
import { ProductLookupQuerySchema, StockPhotoInputSchema } from '../../api/contract/ebay/ebay-product-lookup.ts'
import { PushEndpointSchema, PushSubscriptionSchema } from '../../api/contract/push.ts'
import { ForgotPasswordSchema, ResetPasswordSchema, ResetTokenParamSchema } from '../../api/contract/password-reset.ts'
import { SERVER_RENDERED_PATHS } from '../../api/contract/signed-in-page.ts'
import { LoginSchema, RegisterSchema } from '../../api/contract/user.ts'
import { createEphemeralCipher } from '../../api/services/crypto.ts'
import { claimOrderPush } from '../../api/db/ebay-order-push.ts'
import { EBAY_ORDER_PUSH_PATH } from '../../api/services/ebay/order-push.ts'
import { createEtsyProvider } from '../../api/services/etsy/etsy-connect.ts'
import { createShopifyProvider } from '../../api/services/shopify/shopify-connect.ts'
import { UNREACHED_SHOPIFY } from './shopify.ts'
import { IdParamSchema } from '../../api/validate.ts'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { ebayApp, ebayConfigFor } from './ebay.ts'
import { photoForm, solidJpeg } from './images.ts'
import {
  newUser,
  readJson,
  registeredAdmin,
  registeredClient,
  TEST_ORIGIN,
  type client,
  type TestApp,
} from './test-app.ts'

export type Access = 'public' | 'user' | 'admin'

/** What the sweeps know of the fixture's data: the seller Alice's things, which nobody else may read or change. */
export interface CatalogFixture {
  alice: {
    username: string
    email: string
    password: string
    listingId: number
    photoId: string
    photoUrl: string
    bulkPostId: number
    bulkActionId: number
    /** A run of her markdown ladder, with a change of her listing's price. */
    markdownRunId: number
    /** An offer of hers sent to her listing's watchers. */
    offerId: number
    /** The key in the address eBay pushes her orders to. */
    orderPushKey: string
    expenseId: number
    tripId: number
  }
  bob: { id: number }
  templateId: number
  /** A real photo, so an upload is refused for who sends it, not for what. */
  jpeg: Buffer
}

export interface ExampleRequest {
  path: string
  /** JSON, a multipart upload, a file (a Blob, sent with its type), or the raw text of an eBay notification. */
  body?: unknown
}

export interface RouteSpec {
  access: Access
  /** The inputs the route reads. A route reading none takes anything else sent to it as noise. */
  json?: v.GenericSchema
  param?: v.GenericSchema
  query?: v.GenericSchema
  /** A multipart photo upload. */
  upload?: boolean
  /** A raw signed body (eBay's notifications, Etsy's webhooks). */
  signedText?: boolean
  /** A CSV file as the body (text/csv): the example sends a Blob of that type. */
  csv?: true
  /** The rest of the path (after the route's *) names a stored file. */
  wildcard?: boolean
  /** A GET that keeps something (SPEC keeps it a GET): refused from another site like any state-changing request. */
  keepsState?: true
  /**
   * The answer is a stream that ends only when the caller closes it (GET /api/events): callRoute reads what arrives
   * in its first moments, closes it, and answers with that text, so a sweep reading the body is not left waiting.
   */
  stream?: true
  /** A request the rightful caller could send (Alice for user routes): with another caller it must be refused. */
  example(f: CatalogFixture): ExampleRequest
}

const listingBody = (f: CatalogFixture) => ({
  title: 'Blue jeans',
  category: 'clothing',
  color: 'blue',
  price: 20,
  images: [f.alice.photoUrl],
})
/** Alice's phone's subscription (made in openCatalogApp): Bob may neither take it over nor turn it off. */
const ALICE_PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/alice-phone',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  kinds: { sales: true, problems: true },
}
/** Alice's listing's cost and bin, by the SKU Snaplist made for it. */
const aliceBooksCsv = (f: CatalogFixture) =>
  new Blob([`SKU,Cost,Bin\nSL-${f.alice.listingId},2.50,A1\n`], { type: 'text/csv' })
/** Alice's expense and drive (made in openCatalogApp); what only her own answers may show. */
const ALICE_EXPENSE_PLACE = 'Alice secret storage unit'
const aliceExpense = { spentOn: '2026-03-04', amount: '12.34', category: 'storage', place: ALICE_EXPENSE_PLACE }
const ALICE_TRIP_PURPOSE = 'Alice secret estate sale'
const aliceTrip = { drivenOn: '2026-03-05', purpose: ALICE_TRIP_PURPOSE, miles: '21.5' }
const templateBody = { name: 'hostile-check', subject: 'Hello', htmlContent: '<p>Hello</p>' }

export const ROUTES: Record<string, RouteSpec> = {
  'GET /api/health': { access: 'public', example: () => ({ path: '/api/health' }) },
  'GET /api/auth/config': { access: 'public', example: () => ({ path: '/api/auth/config' }) },
  'POST /api/register': {
    access: 'public',
    json: RegisterSchema,
    example: () => ({
      path: '/api/register',
      body: {
        username: 'carol',
        email: 'carol@example.com',
        firstName: 'Carol',
        lastName: 'C',
        password: 'a long password',
      },
    }),
  },
  'POST /api/login': {
    access: 'public',
    json: LoginSchema,
    example: (f) => ({ path: '/api/login', body: { username: f.alice.username, password: f.alice.password } }),
  },
  'POST /api/auth/google': {
    access: 'public',
    json: GoogleSignInSchema,
    example: () => ({ path: '/api/auth/google', body: { credential: 'header.payload.signature' } }),
  },
  'POST /api/auth/reauth': {
    access: 'user',
    json: ReauthSchema,
    example: (f) => ({ path: '/api/auth/reauth', body: { password: f.alice.password } }),
  },
  'POST /api/logout': { access: 'public', example: () => ({ path: '/api/logout' }) },
  'GET /api/user': { access: 'user', example: () => ({ path: '/api/user' }) },
  'POST /api/forgot-password': {
    access: 'public',
    json: ForgotPasswordSchema,
    example: (f) => ({ path: '/api/forgot-password', body: { username: f.alice.email } }),
  },
  'GET /api/reset-password/:token': {
    access: 'public',
    param: ResetTokenParamSchema,
    example: () => ({ path: '/api/reset-password/some-token' }),
  },
  'POST /api/reset-password': {
    access: 'public',
    json: ResetPasswordSchema,
    example: () => ({ path: '/api/reset-password', body: { token: 'some-token', password: 'a new long password' } }),
  },
  'PUT /api/account/password': {
    access: 'user',
    json: ChangePasswordSchema,
    example: (f) => ({
      path: '/api/account/password',
      body: { currentPassword: f.alice.password, newPassword: 'a new long password' },
    }),
  },
  'PUT /api/account/email': {
    access: 'user',
    json: ChangeEmailSchema,
    example: (f) => ({
      path: '/api/account/email',
      body: { email: 'alice.new@example.com', password: f.alice.password },
    }),
  },
  'POST /api/account/verification-email': {
    access: 'user',
    json: ResendVerificationSchema,
    example: (f) => ({ path: '/api/account/verification-email', body: { email: f.alice.email } }),
  },
  'POST /api/account/verify-email': {
    access: 'user',
    json: VerifyEmailSchema,
    example: () => ({ path: '/api/account/verify-email', body: { token: 'x'.repeat(43) } }),
  },
  'POST /api/account/sign-out-everywhere': {
    access: 'user',
    json: AccountConfirmationSchema,
    example: (f) => ({ path: '/api/account/sign-out-everywhere', body: { confirmation: f.alice.password } }),
  },
  'DELETE /api/account': {
    access: 'user',
    json: AccountConfirmationSchema,
    example: (f) => ({ path: '/api/account', body: { confirmation: f.alice.password } }),
  },
  'POST /api/images': {
    access: 'user',
    upload: true,
    example: (f) => ({ path: '/api/images', body: photoForm(f.jpeg, { id: f.alice.photoId }) }),
  },
  'POST /api/analyze-image': {
    access: 'user',
    upload: true,
    example: (f) => ({ path: '/api/analyze-image', body: photoForm(f.jpeg, { id: f.alice.photoId }) }),
  },
  'POST /api/analyze-photos': {
    access: 'user',
    json: AnalyzePhotosSchema,
    example: (f) => ({ path: '/api/analyze-photos', body: { photoIds: [f.alice.photoId] } }),
  },
  'GET /api/events': {
    access: 'user',
    query: EventsQuerySchema,
    stream: true,
    example: () => ({ path: '/api/events?after=0' }),
  },
  'GET /api/listings': { access: 'user', example: () => ({ path: '/api/listings' }) },
  'GET /api/listings/search': {
    access: 'user',
    query: ListingSearchQuerySchema,
    example: () => ({ path: '/api/listings/search?q=jeans&status=ready&sort=price-low&after=4500.1' }),
  },
  'GET /api/listings/ready-ids': {
    access: 'user',
    query: ReadyListingIdsQuerySchema,
    example: () => ({ path: '/api/listings/ready-ids?q=jeans&sort=oldest' }),
  },
  'GET /api/listings/chosen': {
    access: 'user',
    query: ChosenListingsQuerySchema,
    example: (f) => ({ path: `/api/listings/chosen?ids=${f.alice.listingId}` }),
  },
  'GET /api/listings/by-sku': {
    access: 'user',
    query: ListingBySkuQuerySchema,
    // Alice's listing has the SKU Snaplist made for it.
    example: (f) => ({ path: `/api/listings/by-sku?sku=SL-${f.alice.listingId}` }),
  },
  'GET /api/listings/:id': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}` }),
  },
  'POST /api/listings': {
    access: 'user',
    json: ListingInputSchema,
    example: (f) => ({ path: '/api/listings', body: listingBody(f) }),
  },
  'PATCH /api/listings/:id': {
    access: 'user',
    param: IdParamSchema,
    json: ListingEditSchema,
    example: (f) => ({
      path: `/api/listings/${f.alice.listingId}`,
      body: { ...listingBody(f), title: 'Blue jeans, edited', version: 1 },
    }),
  },
  'POST /api/listings/:id/fill-empty': {
    access: 'user',
    param: IdParamSchema,
    json: ListingFillSchema,
    example: (f) => ({
      path: `/api/listings/${f.alice.listingId}/fill-empty`,
      body: { brand: "Levi's", description: 'Button fly.' },
    }),
  },
  'DELETE /api/listings/:id': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}` }),
  },
  'GET /api/listings/:id/ebay-requirements': {
    access: 'user',
    param: IdParamSchema,
    query: EbayRequirementsQuerySchema,
    keepsState: true,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/ebay-requirements?categoryId=31388` }),
  },
  'PUT /api/listings/:id/ebay-category': {
    access: 'user',
    param: IdParamSchema,
    json: EbayCategoryChoiceSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/ebay-category`, body: { categoryId: '31388' } }),
  },
  'GET /api/ebay/categories': {
    access: 'user',
    query: CategorySearchSchema,
    example: () => ({ path: '/api/ebay/categories?q=denim%20jacket' }),
  },
  'POST /api/listings/:id/post-to-ebay': {
    access: 'user',
    param: IdParamSchema,
    json: EbayPublishInputSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/post-to-ebay`, body: { condition: 'used' } }),
  },
  'GET /api/listings/:id/etsy-requirements': {
    access: 'user',
    param: IdParamSchema,
    query: EtsyRequirementsQuerySchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/etsy-requirements?whoMade=i_did&isSupply=false` }),
  },
  'POST /api/listings/:id/post-to-etsy': {
    access: 'user',
    param: IdParamSchema,
    json: EtsyPublishInputSchema,
    example: (f) => ({
      path: `/api/listings/${f.alice.listingId}/post-to-etsy`,
      body: { whoMade: 'someone_else', whenMade: '1990s', isSupply: false },
    }),
  },
  'POST /api/listings/:id/sold-elsewhere': {
    access: 'user',
    param: IdParamSchema,
    json: SoldElsewhereSchema,
    example: (f) => ({
      path: `/api/listings/${f.alice.listingId}/sold-elsewhere`,
      body: { quantity: 1, price: 20, fees: 2.6, where: 'Poshmark', clientId: randomUUID() },
    }),
  },
  'GET /api/push-subscriptions/key': { access: 'public', example: () => ({ path: '/api/push-subscriptions/key' }) },
  'POST /api/push-subscriptions': {
    access: 'user',
    json: PushSubscriptionSchema,
    example: () => ({ path: '/api/push-subscriptions', body: ALICE_PUSH_SUBSCRIPTION }),
  },
  'DELETE /api/push-subscriptions': {
    access: 'user',
    json: PushEndpointSchema,
    example: () => ({ path: '/api/push-subscriptions', body: { endpoint: ALICE_PUSH_SUBSCRIPTION.endpoint } }),
  },
  'POST /api/listings/:id/oversold-settled': {
    access: 'user',
    param: IdParamSchema,
    json: OversoldSettledSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/oversold-settled`, body: { settledAs: 'sent' } }),
  },
  'POST /api/listings/:id/relist': {
    access: 'user',
    param: IdParamSchema,
    json: RelistSoldSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/relist`, body: { quantity: 2 } }),
  },
  'POST /api/listings/:id/returned': {
    access: 'user',
    param: IdParamSchema,
    json: SaleReturnedSchema,
    example: (f) => ({
      path: `/api/listings/${f.alice.listingId}/returned`,
      body: { marketplace: 'ebay', saleId: '12-34567-89012#0', returnedAs: 'back-in-stock' },
    }),
  },
  'GET /api/sales/settings': { access: 'user', example: () => ({ path: '/api/sales/settings' }) },
  'PUT /api/sales/settings': {
    access: 'user',
    json: SellingSettingsSchema,
    example: () => ({ path: '/api/sales/settings', body: { relistCancelled: false } }),
  },
  'POST /api/sales/refresh': { access: 'user', example: () => ({ path: '/api/sales/refresh' }) },
  'GET /api/listings/:id/sales': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/sales` }),
  },
  'POST /api/bulk-posts': {
    access: 'user',
    json: BulkPostInputSchema,
    example: (f) => ({
      path: '/api/bulk-posts',
      body: { clientId: randomUUID(), listingIds: [f.alice.listingId] },
    }),
  },
  'GET /api/bulk-posts/:id': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/bulk-posts/${f.alice.bulkPostId}` }),
  },
  'POST /api/listings/:id/guesses-checked': {
    access: 'user',
    param: IdParamSchema,
    json: GuessesCheckedSchema,
    example: (f) => ({
      path: `/api/listings/${f.alice.listingId}/guesses-checked`,
      body: { guesses: ['packageWeightOz', 'condition'] },
    }),
  },
  'POST /api/bulk-actions': {
    access: 'user',
    json: BulkActionInputSchema,
    example: (f) => ({
      path: '/api/bulk-actions',
      body: {
        clientId: randomUUID(),
        action: { kind: 'quantity', quantity: 2 },
        selection: { by: 'ids', listingIds: [f.alice.listingId] },
      },
    }),
  },
  'GET /api/bulk-actions/:id': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/bulk-actions/${f.alice.bulkActionId}` }),
  },
  'GET /api/price-rules': { access: 'user', example: () => ({ path: '/api/price-rules' }) },
  'PUT /api/price-rules': {
    access: 'user',
    json: PriceRulesSchema,
    example: () => ({ path: '/api/price-rules', body: { ...DEFAULT_PRICE_RULES, shippingPaid: 3 } }),
  },
  'GET /api/price-rules/floors': {
    access: 'user',
    query: FloorsQuerySchema,
    example: (f) => ({ path: `/api/price-rules/floors?ids=${f.alice.listingId}` }),
  },
  'GET /api/price-rules/next': { access: 'user', example: () => ({ path: '/api/price-rules/next' }) },
  'GET /api/price-rules/stale': { access: 'user', example: () => ({ path: '/api/price-rules/stale' }) },
  'GET /api/offers': {
    access: 'user',
    query: OffersQuerySchema,
    example: (f) => ({ path: `/api/offers?before=${f.alice.offerId}` }),
  },
  'POST /api/price-rules/run': { access: 'user', example: () => ({ path: '/api/price-rules/run' }) },
  'POST /api/price-rules/runs/:id/undo': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/price-rules/runs/${f.alice.markdownRunId}/undo` }),
  },
  'GET /api/listings/:id/floor': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/floor` }),
  },
  'PUT /api/listings/:id/floor': {
    access: 'user',
    param: IdParamSchema,
    json: TypedFloorSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/floor`, body: { floor: 12.5 } }),
  },
  'PUT /api/listings/:id/markdowns': {
    access: 'user',
    param: IdParamSchema,
    json: MarkdownPauseSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/markdowns`, body: { paused: true } }),
  },
  'POST /api/:platform/import': {
    access: 'user',
    param: PlatformParamSchema,
    example: () => ({ path: '/api/ebay/import' }),
  },
  'GET /api/:platform/import': {
    access: 'user',
    param: PlatformParamSchema,
    example: () => ({ path: '/api/shopify/import' }),
  },
  'POST /api/listings/:id/end-on-ebay': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/end-on-ebay` }),
  },
  'POST /api/listings/:id/relist-on-ebay': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/relist-on-ebay` }),
  },
  'POST /api/listings/:id/end-on-etsy': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/end-on-etsy` }),
  },
  'POST /api/listings/:id/relist-on-etsy': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/relist-on-etsy` }),
  },
  'POST /api/listings/:id/post-to-shopify': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/post-to-shopify` }),
  },
  'POST /api/listings/:id/end-on-shopify': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/end-on-shopify` }),
  },
  'POST /api/listings/:id/relist-on-shopify': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/listings/${f.alice.listingId}/relist-on-shopify` }),
  },
  'GET /api/etsy/categories': {
    access: 'user',
    query: CategorySearchSchema,
    example: () => ({ path: '/api/etsy/categories?q=jeans' }),
  },
  'GET /api/exports/inventory.csv': {
    access: 'user',
    example: () => ({ path: '/api/exports/inventory.csv' }),
  },
  'GET /api/exports/sales.csv': {
    access: 'user',
    query: SalesExportQuerySchema,
    example: () => ({ path: '/api/exports/sales.csv?from=2026-01-01&to=2026-12-31' }),
  },
  'GET /api/labels': {
    access: 'user',
    query: LabelsQuerySchema,
    example: (f) => ({ path: `/api/labels?ids=${f.alice.listingId}&paper=letter&start=3` }),
  },
  'GET /api/product-lookup': {
    access: 'user',
    query: ProductLookupQuerySchema,
    example: () => ({ path: '/api/product-lookup?gtin=9780134685991' }),
  },
  'POST /api/product-lookup/stock-photo': {
    access: 'user',
    json: StockPhotoInputSchema,
    example: () => ({ path: '/api/product-lookup/stock-photo', body: { gtin: '9780134685991', epid: '240123456' } }),
  },
  'GET /api/expenses': {
    access: 'user',
    query: ExpensesQuerySchema,
    example: () => ({ path: '/api/expenses?year=2026&q=secret' }),
  },
  'POST /api/expenses': {
    access: 'user',
    json: ExpenseInputSchema,
    // Her receipt's photo: Bob may not file it as his.
    example: (f) => ({
      path: '/api/expenses',
      body: { ...aliceExpense, clientId: randomUUID(), receiptUrl: f.alice.photoUrl },
    }),
  },
  'PATCH /api/expenses/:id': {
    access: 'user',
    param: IdParamSchema,
    json: ExpenseEditSchema,
    example: (f) => ({ path: `/api/expenses/${f.alice.expenseId}`, body: { amount: '3.21' } }),
  },
  'DELETE /api/expenses/:id': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/expenses/${f.alice.expenseId}` }),
  },
  'GET /api/trips': {
    access: 'user',
    query: TripsQuerySchema,
    example: () => ({ path: '/api/trips?year=2026' }),
  },
  'POST /api/trips': {
    access: 'user',
    json: TripInputSchema,
    example: () => ({ path: '/api/trips', body: { ...aliceTrip, purpose: 'Goodwill run', clientId: randomUUID() } }),
  },
  'PATCH /api/trips/:id': {
    access: 'user',
    param: IdParamSchema,
    json: TripEditSchema,
    example: (f) => ({ path: `/api/trips/${f.alice.tripId}`, body: { miles: '3.5' } }),
  },
  'DELETE /api/trips/:id': {
    access: 'user',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/trips/${f.alice.tripId}` }),
  },
  'PUT /api/mileage-rates/:year': {
    access: 'user',
    param: YearParamSchema,
    json: MileageRateInputSchema,
    example: () => ({ path: '/api/mileage-rates/2026', body: { centsPerMile: '72.5' } }),
  },
  'GET /api/tax-years/:year': {
    access: 'user',
    param: YearParamSchema,
    example: () => ({ path: '/api/tax-years/2026' }),
  },
  'GET /api/exports/tax-year/:file': {
    access: 'user',
    param: TaxYearCsvParamSchema,
    example: () => ({ path: '/api/exports/tax-year/2026.csv' }),
  },
  'GET /api/insights': {
    access: 'user',
    query: InsightsQuerySchema,
    example: () => ({ path: '/api/insights?from=2026-01-01&to=2026-12-31' }),
  },
  'GET /api/insights/sales': {
    access: 'user',
    query: InsightSalesQuerySchema,
    example: () => ({ path: '/api/insights/sales?from=2026-01-01&to=2026-12-31&marketplace=ebay' }),
  },
  'POST /api/imports/inventory.csv/preview': {
    access: 'user',
    csv: true,
    example: (f) => ({ path: '/api/imports/inventory.csv/preview', body: aliceBooksCsv(f) }),
  },
  'POST /api/imports/inventory.csv': {
    access: 'user',
    csv: true,
    example: (f) => ({ path: '/api/imports/inventory.csv', body: aliceBooksCsv(f) }),
  },
  'GET /api/marketplace-connections': { access: 'user', example: () => ({ path: '/api/marketplace-connections' }) },
  'GET /api/marketplace-connections/:platform/auth': {
    access: 'user',
    param: PlatformParamSchema,
    query: AuthStartQuerySchema,
    keepsState: true,
    example: () => ({ path: '/api/marketplace-connections/ebay/auth' }),
  },
  'GET /api/marketplace-connections/:platform/check-authentication': {
    access: 'user',
    param: PlatformParamSchema,
    example: () => ({ path: '/api/marketplace-connections/ebay/check-authentication' }),
  },
  'GET /api/marketplace-connections/:platform/status': {
    access: 'user',
    param: PlatformParamSchema,
    example: () => ({ path: '/api/marketplace-connections/ebay/status' }),
  },
  'DELETE /api/marketplace-connections/:platform': {
    access: 'user',
    param: PlatformParamSchema,
    example: () => ({ path: '/api/marketplace-connections/ebay' }),
  },
  'POST /api/etsy/exchange-token': {
    access: 'user',
    json: EtsyExchangeSchema,
    example: () => ({ path: '/api/etsy/exchange-token', body: { code: 'a-code', state: 'a-state' } }),
  },
  'POST /api/shopify/exchange-token': {
    access: 'user',
    json: ShopifyExchangeSchema,
    example: () => ({
      path: '/api/shopify/exchange-token',
      body: {
        code: 'a-code',
        state: 'a-state',
        shop: 'ritas-vintage.myshopify.com',
        hmac: 'a'.repeat(64),
        timestamp: '1700000000',
      },
    }),
  },
  'POST /api/marketplace-connections/ebay/exchange-token': {
    access: 'user',
    json: EbayExchangeSchema,
    example: () => ({
      path: '/api/marketplace-connections/ebay/exchange-token',
      body: { code: 'a-code', state: 'a-state' },
    }),
  },
  'GET /api/debug/ebay-environment': { access: 'user', example: () => ({ path: '/api/debug/ebay-environment' }) },
  'GET /api/ebay/account-deletion': {
    access: 'public',
    query: EbayChallengeQuerySchema,
    example: () => ({ path: '/api/ebay/account-deletion?challenge_code=abc123' }),
  },
  'POST /api/ebay/account-deletion': {
    access: 'public',
    signedText: true,
    example: () => ({ path: '/api/ebay/account-deletion', body: '{}' }),
  },
  'GET /api/ebay/order-notifications/:key': {
    access: 'public',
    query: EbayChallengeQuerySchema,
    example: (f) => ({ path: `${EBAY_ORDER_PUSH_PATH}/${f.alice.orderPushKey}?challenge_code=abc123` }),
  },
  'POST /api/ebay/order-notifications/:key': {
    access: 'public',
    signedText: true,
    example: (f) => ({ path: `${EBAY_ORDER_PUSH_PATH}/${f.alice.orderPushKey}`, body: '{}' }),
  },
  'POST /api/etsy/webhooks': {
    access: 'public',
    signedText: true,
    example: () => ({ path: '/api/etsy/webhooks', body: '{"event_type":"order.paid","shop_id":1}' }),
  },
  'POST /api/shopify/webhooks': {
    access: 'public',
    signedText: true,
    example: () => ({ path: '/api/shopify/webhooks', body: '{"admin_graphql_api_id":"gid://shopify/Order/1"}' }),
  },
  'GET /api/admin/users': { access: 'admin', example: () => ({ path: '/api/admin/users' }) },
  'GET /api/admin/listings': {
    access: 'admin',
    query: AdminListingsQuerySchema,
    example: () => ({ path: '/api/admin/listings?page=1' }),
  },
  'DELETE /api/admin/users/:id': {
    access: 'admin',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/admin/users/${f.bob.id}` }),
  },
  'DELETE /api/admin/listings/:id': {
    access: 'admin',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/admin/listings/${f.alice.listingId}` }),
  },
  'GET /api/email-templates': { access: 'admin', example: () => ({ path: '/api/email-templates' }) },
  'POST /api/email-templates': {
    access: 'admin',
    json: EmailTemplateInputSchema,
    example: () => ({ path: '/api/email-templates', body: templateBody }),
  },
  'PUT /api/email-templates/:id': {
    access: 'admin',
    param: IdParamSchema,
    json: EmailTemplateInputSchema,
    example: (f) => ({ path: `/api/email-templates/${f.templateId}`, body: templateBody }),
  },
  'DELETE /api/email-templates/:id': {
    access: 'admin',
    param: IdParamSchema,
    example: (f) => ({ path: `/api/email-templates/${f.templateId}` }),
  },
  'GET /api/email-templates/purposes': { access: 'admin', example: () => ({ path: '/api/email-templates/purposes' }) },
  'PUT /api/email-templates/purposes/:purpose': {
    access: 'admin',
    param: PurposeParamSchema,
    json: PurposeChoiceSchema,
    example: (f) => ({ path: '/api/email-templates/purposes/welcome', body: { templateId: f.templateId } }),
  },
  'GET /files/*': { access: 'public', wildcard: true, example: (f) => ({ path: f.alice.photoUrl }) },
}

/**
 * Middleware mounts (ALL): they answer nothing of their own, so the routes above cover them. The session on the pages
 * the server renders (api/app.ts) is the built app's, tested with it (tests/api/signed-in-page.test.ts).
 */
export const MIDDLEWARE = new Set([
  'ALL /*',
  'ALL /api/*',
  'ALL /api/admin/*',
  'ALL /api/email-templates',
  'ALL /api/email-templates/*',
  ...SERVER_RENDERED_PATHS.map((pagePath) => `ALL ${pagePath}`),
])

/** Every "METHOD /path" the app has registered, once each. */
function registeredRoutes(app: TestApp['app']): string[] {
  return [...new Set(app.routes.map((route) => `${route.method} ${route.path}`))]
}

/** Routes the app has and this catalog lacks, and catalog entries the app no longer has: both should be empty. */
export function catalogGaps(app: TestApp['app']) {
  const registered = registeredRoutes(app)
  return {
    unclassified: registered.filter((route) => !(route in ROUTES) && !MIDDLEWARE.has(route)),
    gone: Object.keys(ROUTES).filter((route) => !registered.includes(route)),
  }
}

export const methodOf = (route: string) => route.split(' ')[0]!

export interface RouteCall {
  path: string
  /** Text and forms are sent as they are, anything else as JSON. */
  body?: unknown
  cookie?: string
  /** Added to, or with undefined removed from, what the app's own page sends. */
  headers?: Record<string, string | undefined>
}

/** Sends a request to the route as a browser on the app's own page would, unless the headers say otherwise. */
export function callRoute(
  app: TestApp['app'],
  route: string,
  { path, body, cookie, headers = {} }: RouteCall,
): Promise<Response> {
  const json = body !== undefined && typeof body !== 'string' && !(body instanceof FormData) && !(body instanceof Blob)
  const merged = {
    origin: TEST_ORIGIN,
    ...(cookie ? { cookie } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...headers,
  }
  const sent = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  const answer = Promise.resolve(
    app.request(`${TEST_ORIGIN}${path}`, {
      method: methodOf(route),
      headers: sent,
      body: json ? JSON.stringify(body) : (body as RequestInit['body']),
    }),
  )
  return ROUTES[route]?.stream ? answer.then(firstMoments) : answer
}

/** How long a stream is read before it is closed: long enough for what it sends at once (the catch-up). */
const STREAM_READ_MS = 300

/** The stream's answer with only what it sent in its first moments; the stream itself is closed. */
async function firstMoments(response: Response): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + STREAM_READ_MS
  for (;;) {
    const left = deadline - Date.now()
    if (left <= 0) break
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), left)),
    ])
    if (!chunk || chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  await reader.cancel()
  return new Response(text, { status: response.status, headers: response.headers })
}

export const isStateChanging = (route: string) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(methodOf(route)) || ROUTES[route]?.keepsState === true

type Client = ReturnType<typeof client>

export interface CatalogApp {
  t: TestApp
  fixture: CatalogFixture
  /** The administrator, registered with the setup code. */
  admin: Client
  alice: Client
  bob: Client
  /** The eBay stand-in the app connects to and takes account-deletion notifications from. */
  ebay: FakeEbay
  /** What only Alice's own answers may contain: her email, her listing's title, her photo's name, her eBay account. */
  aliceSecrets: string[]
  close(): Promise<void>
}

const ALICE_EBAY = { userId: 'alice-ebay-user-id', username: 'alice_secret_ebay_shop' }
const ALICE_LISTING_TITLE = 'Alice secret listing'

const SWEEP_ETSY_WEBHOOK_SECRET = `whsec_${Buffer.from('the sweeps’ Etsy webhook secret').toString('base64')}`

/** The app with eBay connected to its stand-in, an admin, and Alice (a photo, a listing, eBay connected) and Bob. */
export async function openCatalogApp(): Promise<CatalogApp> {
  const ebay = await startFakeEbay({ seller: ALICE_EBAY })
  // Etsy set up too, so its routes answer for the listing (nobody connects a shop: nothing reaches Etsy's address), and
  // its webhook checks what is posted to it.
  const etsy = { clientId: 'sweep-keystring', apiUrl: 'http://127.0.0.1:9', webhookSecret: SWEEP_ETSY_WEBHOOK_SECRET }
  const t = await ebayApp(ebayConfigFor(ebay), {
    // An https address, so eBay's order pushes are taken (and Alice has an address for hers).
    publicUrl: 'https://snaplist.test',
    // Alice's import stays under way through the sweeps (no job runs here): importing again answers it, changing nothing.
    ebayImport: { paceMs: 0, staleSeconds: 24 * 3600 },
    etsyConfig: etsy,
    // Shopify set up too (nobody connects a store: nothing reaches its address), so its routes answer and its webhook
    // checks what is posted to it.
    shopifyConfig: UNREACHED_SHOPIFY,
    marketplaces: {
      cipher: createEphemeralCipher(),
      providers: {
        etsy: createEtsyProvider({ ...etsy, redirectUri: 'https://snaplist.test/etsy/auth/success' }),
        shopify: createShopifyProvider(UNREACHED_SHOPIFY),
      },
    },
  })
  const admin = await registeredAdmin(t)
  const alice = await registeredClient(t.app, 'alice')
  const bob = await registeredClient(t.app, 'bob')

  const jpeg = await solidJpeg({ r: 200, g: 100, b: 50 })
  const photoId = randomUUID()
  const photo = await readJson(await alice.post('/api/images', photoForm(jpeg, { id: photoId })))
  const listing = await readJson(
    await alice.post('/api/listings', {
      title: ALICE_LISTING_TITLE,
      category: 'other',
      color: 'red',
      images: [photo.imageUrl],
    }),
  )
  const { authUrl } = await readJson(await alice.get('/api/marketplace-connections/ebay/auth'))
  const callback = await ebay.consent(authUrl)
  const connected = await alice.post(
    '/api/marketplace-connections/ebay/exchange-token',
    Object.fromEntries(callback.searchParams),
  )
  if (connected.status !== 200)
    throw new Error(`connecting Alice's eBay answered ${connected.status}: ${await connected.text()}`)
  const [connection] = await t.db.sql<{ id: number }[]>`
    select id from marketplace_connections where user_id = ${alice.id} and platform = 'ebay'`
  const orderPushKey = randomBytes(24).toString('base64url')
  await claimOrderPush(t.db.sql, connection!.id, ALICE_EBAY.userId, orderPushKey)
  const subscribed = await alice.post('/api/push-subscriptions', ALICE_PUSH_SUBSCRIPTION)
  if (subscribed.status !== 200) throw new Error(`subscribing Alice's phone answered ${subscribed.status}`)
  const [template] = await t.db.sql<{ id: number }[]>`select id from email_templates order by id limit 1`
  const bulkPost = await readJson(
    await alice.post('/api/bulk-posts', { clientId: randomUUID(), listingIds: [listing.id] }),
  )
  const imported = await alice.post('/api/ebay/import')
  if (imported.status !== 202) throw new Error(`starting Alice's import answered ${imported.status}`)

  const bulkAction = await readJson(
    await alice.post('/api/bulk-actions', {
      clientId: randomUUID(),
      action: { kind: 'price', by: 'percent', direction: 'up', value: 10 },
      selection: { by: 'ids', listingIds: [listing.id] },
    }),
  )

  // A run of Alice's ladder as the job leaves one (her listing is not live, so none of hers would be due).
  const [markdownRun] = await t.db.sql<{ id: number }[]>`
    insert into markdown_runs (user_id) values (${alice.id}) returning id`
  await t.db.sql`insert into markdown_changes (listing_id, step, run_id, from_cents, to_cents, floor_cents)
    values (${listing.id}, 1, ${markdownRun!.id}, 5000, 4500, 4000)`
  // An offer of Alice's to her listing's watchers, as a run leaves one sent.
  const [offer] = await t.db.sql<{ id: number }[]>`
    insert into listing_offers (user_id, listing_id, marketplace, round, external_id, from_cents, price_cents,
      floor_cents, message, state, buyers, expires_at)
    values (${alice.id}, ${listing.id}, 'ebay', 1, '110000000001', 5000, 4500, 4000, '', 'sent', 1,
      now() + interval '2 days') returning id`

  const expense = await readJson(
    await alice.post('/api/expenses', { ...aliceExpense, clientId: randomUUID(), receiptUrl: photo.imageUrl }),
  )
  const trip = await readJson(await alice.post('/api/trips', { ...aliceTrip, clientId: randomUUID() }))
  if (!expense.id || !trip.id) throw new Error('making Alice’s expense and trip failed')

  const { username, email, password } = newUser('alice')
  return {
    t,
    admin,
    alice,
    bob,
    ebay,
    fixture: {
      alice: {
        username,
        email,
        password,
        listingId: listing.id,
        photoId,
        photoUrl: photo.imageUrl,
        bulkPostId: bulkPost.id,
        bulkActionId: bulkAction.id,
        markdownRunId: markdownRun!.id,
        offerId: offer!.id,
        orderPushKey,
        expenseId: expense.id,
        tripId: trip.id,
      },
      bob: { id: bob.id },
      templateId: template!.id,
      jpeg,
    },
    aliceSecrets: [
      email,
      ALICE_LISTING_TITLE,
      photo.imageUrl.split('/').pop().replace('.jpg', ''),
      ALICE_EBAY.username,
      ALICE_EXPENSE_PLACE,
      ALICE_TRIP_PURPOSE,
    ],
    async close() {
      await t.close()
      await ebay.close()
    },
  }
}
