// The seller's business drives (issue 52, decision 0061): miles typed or read from the odometer, a haul's drive, the
// year's deduction at the IRS rate kept as data or at the rate the seller sets; another seller's are never reached.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { IRS_MILEAGE_RATES, NO_RATE_SOURCE } from '../../../api/contract/mileage.ts'
import type { TripsPage } from '../../../api/contract/trips.ts'
import { readJson } from '../../helpers/test-app.ts'
import { twoSellersPerFile, type Seller } from '../../helpers/two-sellers.ts'

const s = twoSellersPerFile('trips')

const trip = (fields: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  drivenOn: '2025-05-01',
  purpose: 'Thrift stores on Main St',
  ...fields,
})

async function listOf(query: string, seller: Seller = s.alice): Promise<TripsPage> {
  const response = await seller.get(`/api/trips?${query}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await readJson(response)) as TripsPage
}

describe('trips', () => {
  it('takes miles typed or from two odometer readings, once per phone id, and deducts them at the IRS rate', async () => {
    const typed = trip({ miles: '12.4' })
    expect((await s.alice.post('/api/trips', typed)).status).toBe(201)
    expect((await s.alice.post('/api/trips', typed)).status).toBe(200)
    const haulId = randomUUID()
    const read = await readJson(
      await s.alice.post('/api/trips', trip({ odometerStart: '40100.2', odometerEnd: '40133.5', haulId })),
    )
    expect(read).toMatchObject({ milesTenths: 333, odometerStartTenths: 401002, odometerEndTenths: 401335, haulId })

    const year = await listOf('year=2025')
    expect(year.trips).toHaveLength(2)
    expect(year.milesTenths).toBe(457)
    expect(year.rate).toEqual({ tenthCentsPerMile: 700, source: IRS_MILEAGE_RATES[2025]!.source, setBySeller: false })
    // 45.7 miles at 70¢ = $31.99.
    expect(year.deductionCents).toBe(3199)
    expect((await listOf('year=2025&q=main')).trips).toHaveLength(2)
    expect((await listOf('year=2025', s.bob)).trips).toEqual([])
  })

  it('refuses a trip without miles, with readings that disagree or run backwards, and keeps nothing', async () => {
    for (const [fields, message] of [
      [{}, /Enter the miles/],
      [{ odometerStart: '100' }, /Enter both odometer readings/],
      [{ odometerStart: '100', odometerEnd: '90' }, /more than at the start/],
      [{ miles: '5', odometerStart: '100', odometerEnd: '110' }, /disagree/],
      [{ miles: '1.25' }, /like 12.4/],
      [{ miles: '3', purpose: '' }, /Purpose is required/],
      [{ miles: '3', haulId: 'haul-1' }, /haulId must be a UUID/],
    ] as const) {
      const response = await s.bob.post('/api/trips', trip(fields))
      expect(response.status).toBe(400)
      expect((await readJson(response)).message).toMatch(message)
    }
    expect((await listOf('year=2025', s.bob)).trips).toEqual([])
  })

  it('changes a trip, checking its miles again, and deletes it; only the seller’s own', async () => {
    const made = await readJson(await s.bob.post('/api/trips', trip({ drivenOn: '2024-02-02', miles: '10' })))
    expect((await s.alice.call('PATCH', `/api/trips/${made.id}`, { miles: '11' })).status).toBe(404)
    const readings = await s.bob.call('PATCH', `/api/trips/${made.id}`, { odometerStart: '5', odometerEnd: '25.5' })
    expect(await readJson(readings)).toMatchObject({ milesTenths: 205, odometerStartTenths: 50 })
    const typed = await s.bob.call('PATCH', `/api/trips/${made.id}`, { miles: '8' })
    expect(await readJson(typed)).toMatchObject({ milesTenths: 80, odometerStartTenths: null, odometerEndTenths: null })
    const backwards = await s.bob.call('PATCH', `/api/trips/${made.id}`, { odometerStart: '30', odometerEnd: '20' })
    expect(backwards.status).toBe(400)
    expect((await s.alice.call('DELETE', `/api/trips/${made.id}`)).status).toBe(404)
    expect((await s.bob.call('DELETE', `/api/trips/${made.id}`)).status).toBe(200)
    expect((await listOf('year=2024', s.bob)).trips).toEqual([])
  })

  it('uses the rate the seller sets, says when no IRS rate is kept for the year, and goes back to the IRS’s', async () => {
    await s.alice.post('/api/trips', trip({ drivenOn: '2026-01-03', miles: '100' }))
    const unknown = await listOf('year=2026')
    expect(unknown.rate).toEqual({ tenthCentsPerMile: null, source: NO_RATE_SOURCE, setBySeller: false })
    expect(unknown.deductionCents).toBe(0)
    const set = await s.alice.call('PUT', '/api/mileage-rates/2026', { centsPerMile: '72.5' })
    expect(await readJson(set)).toMatchObject({
      deductionCents: 7250,
      rate: { tenthCentsPerMile: 725, setBySeller: true },
    })
    expect((await listOf('year=2026', s.bob)).rate.setBySeller).toBe(false)
    expect((await s.alice.call('PUT', '/api/mileage-rates/2026', { centsPerMile: 'abc' })).status).toBe(400)
    await s.alice.call('PUT', '/api/mileage-rates/2026', { centsPerMile: '' })
    expect((await listOf('year=2026')).rate.setBySeller).toBe(false)
  })
})
