// GET /api/tax-years/{year} and GET /api/exports/tax-year/{year}.csv: the signed-in seller's tax year
// (docs/decisions/0061), their own only; the CSV carries the same figures as the summary.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { TaxYearCsvParamSchema } from '../contract/tax-year.ts'
import { YearParamSchema } from '../contract/tax-year-inputs.ts'
import { requireUser } from '../middleware/session.ts'
import { taxYearCsv } from '../services/tax-year/tax-year-csv.ts'
import type { TaxYears } from '../services/tax-year/tax-year.ts'
import { valid } from '../validate.ts'

export function taxYearRoutes(taxYears: TaxYears) {
  return new Hono<AppEnv>()
    .get('/tax-years/:year', valid('param', YearParamSchema), async (c) =>
      c.json(await taxYears.summary(requireUser(c).id, c.req.valid('param').year), 200),
    )
    .get('/exports/tax-year/:file', valid('param', TaxYearCsvParamSchema), async (c) => {
      const year = c.req.valid('param').file
      return c.body(taxYearCsv(await taxYears.summary(requireUser(c).id, year)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="snaplist-tax-year-${year}.csv"`,
        'Cache-Control': 'no-store',
      })
    })
}
