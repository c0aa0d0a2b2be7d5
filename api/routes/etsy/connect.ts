// Etsy's connect route: the code exchange of its callback and manual screens.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { ETSY_DESCRIPTION } from '../../contract/etsy/etsy-description.ts'
import type { MarketplaceOAuth } from '../../services/marketplaces/oauth.ts'
import { valid } from '../../validate.ts'
import { exchangeCode } from '../marketplace-exchange.ts'

export const etsyConnectRoutes = (oauth: MarketplaceOAuth) =>
  new Hono<AppEnv>().post(ETSY_DESCRIPTION.exchangePath, valid('json', ETSY_DESCRIPTION.exchangeSchema), async (c) =>
    c.json(await exchangeCode(oauth, c, 'etsy', c.req.valid('json')), 200),
  )
