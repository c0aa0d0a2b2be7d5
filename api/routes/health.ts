// /api/health: answers without touching the database, for load balancers and as the benchmark's ceiling.
import { Hono } from 'hono'

export const healthRoutes = () => new Hono().get('/health', (c) => c.json({ status: 'ok' }, 200))
