// GET/POST /api/expenses and PATCH/DELETE /api/expenses/{id}: the signed-in seller's expenses (docs/decisions/0061),
// their own only. A create sent again with the same clientId answers the expense made the first time (200, not 201).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ExpenseEditSchema, ExpenseInputSchema, ExpensesQuerySchema } from '../contract/expenses.ts'
import { requireUser } from '../middleware/session.ts'
import type { ExpensesService } from '../services/tax-year/expenses.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function expenseRoutes(expenses: ExpensesService) {
  return new Hono<AppEnv>()
    .get('/expenses', valid('query', ExpensesQuerySchema), async (c) =>
      c.json(await expenses.list(requireUser(c).id, c.req.valid('query')), 200),
    )
    .post('/expenses', valid('json', ExpenseInputSchema), async (c) => {
      const { expense, created } = await expenses.create(requireUser(c).id, c.req.valid('json'))
      return c.json(expense, created ? 201 : 200)
    })
    .patch('/expenses/:id', valid('param', IdParamSchema), valid('json', ExpenseEditSchema), async (c) =>
      c.json(await expenses.update(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .delete('/expenses/:id', valid('param', IdParamSchema), async (c) => {
      await expenses.remove(requireUser(c).id, c.req.valid('param').id)
      return c.json({ message: 'Expense deleted.' }, 200)
    })
}
