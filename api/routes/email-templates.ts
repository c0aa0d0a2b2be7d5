// /api/email-templates: the templates administrators manage (docs/product.md §2, §7) and which one each email of the app
// uses; admin only.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { EmailTemplateInputSchema, PurposeChoiceSchema, PurposeParamSchema } from '../contract/email-template.ts'
import { requireAdmin } from '../middleware/require-admin.ts'
import type { EmailTemplateService } from '../services/mail/email-templates.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function emailTemplateRoutes(templates: EmailTemplateService) {
  return (
    new Hono<AppEnv>()
      .use('/email-templates', requireAdmin())
      .use('/email-templates/*', requireAdmin())
      .get('/email-templates', async (c) => c.json(await templates.list(), 200))
      // Which template each email the app sends uses (the 'purposes').
      .get('/email-templates/purposes', async (c) => c.json(await templates.purposes(), 200))
      .put(
        '/email-templates/purposes/:purpose',
        valid('param', PurposeParamSchema),
        valid('json', PurposeChoiceSchema),
        async (c) => {
          await templates.choose(c.req.valid('param').purpose, c.req.valid('json').templateId)
          return c.json(await templates.purposes(), 200)
        },
      )
      .post('/email-templates', valid('json', EmailTemplateInputSchema), async (c) =>
        c.json(await templates.create(c.req.valid('json')), 201),
      )
      .put('/email-templates/:id', valid('param', IdParamSchema), valid('json', EmailTemplateInputSchema), async (c) =>
        c.json(await templates.update(c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .delete('/email-templates/:id', valid('param', IdParamSchema), async (c) => {
        await templates.remove(c.req.valid('param').id)
        return c.json({ message: 'Email template deleted.' }, 200)
      })
  )
}
