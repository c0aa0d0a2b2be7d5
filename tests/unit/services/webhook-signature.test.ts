// Etsy's webhook signatures follow the Standard Webhooks scheme; the vector is the scheme's published example
// (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md: secret, id, timestamp, body, signature).
import { describe, expect, it } from 'vitest'
import { deliveryRefusal, isWebhookSecret } from '../../../api/services/etsy/webhook-signature.ts'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const DELIVERY = {
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  body: '{"test": 2432232314}',
}
const SENT_AT = 1614265330 * 1000

describe('Etsy webhook signatures', () => {
  it('takes the published example, among other signatures, within five minutes of its timestamp', () => {
    expect(deliveryRefusal(SECRET, DELIVERY, SENT_AT + 4 * 60_000)).toBeUndefined()
    const rotated = { ...DELIVERY, signature: `v1,bm90IHRoaXMgb25l ${DELIVERY.signature}` }
    expect(deliveryRefusal(SECRET, rotated, SENT_AT)).toBeUndefined()
  })

  it('refuses a changed body, another id, another secret, a stale or future timestamp, or a missing header', () => {
    expect(deliveryRefusal(SECRET, { ...DELIVERY, body: '{"test": 2432232315}' }, SENT_AT)).toMatch(/does not match/)
    expect(deliveryRefusal(SECRET, { ...DELIVERY, id: 'msg_other' }, SENT_AT)).toMatch(/does not match/)
    expect(deliveryRefusal('whsec_c2VjcmV0LW9mLWFub3RoZXItYXBw', DELIVERY, SENT_AT)).toMatch(/does not match/)
    expect(deliveryRefusal(SECRET, DELIVERY, SENT_AT + 6 * 60_000)).toMatch(/too far from now/)
    expect(deliveryRefusal(SECRET, DELIVERY, SENT_AT - 6 * 60_000)).toMatch(/too far from now/)
    expect(deliveryRefusal(SECRET, { ...DELIVERY, timestamp: '1614265330.5' }, SENT_AT)).toMatch(/whole seconds/)
    expect(deliveryRefusal(SECRET, { ...DELIVERY, signature: undefined }, SENT_AT)).toMatch(/headers are all needed/)
    expect(deliveryRefusal(SECRET, { ...DELIVERY, signature: 'v1,' }, SENT_AT)).toMatch(/does not match/)
  })

  it('knows a signing secret as Etsy shows it from anything else', () => {
    expect(isWebhookSecret(SECRET)).toBe(true)
    expect(isWebhookSecret('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(false)
    expect(isWebhookSecret('whsec_short')).toBe(false)
  })
})
