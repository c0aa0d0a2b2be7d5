// Sale notifications on this device (docs/decisions/0035): on or off, and which kinds. Each phone is set on its own.
import { MARKETPLACE_PATHS, SPEC_MARKETPLACE } from '../../../api/contract/marketplace-paths.ts'
import type { NotificationKind, NotificationKinds } from '../../../api/contract/push.ts'
import { Button } from '../../components/ui/Button.tsx'
import { pushSupported } from '../../lib/push.tsx'
import { useDevicePush, useSetDevicePush } from './push-queries.ts'
import { Section } from './Section.tsx'

const KIND_LABELS: Record<NotificationKind, string> = {
  sales: `Sales: “Sold: Red wool jacket — $37 on ${MARKETPLACE_PATHS[SPEC_MARKETPLACE].name}”`,
  problems: 'Problems: sold twice, a change refused, a marketplace to connect again',
}

export function NotificationsSection() {
  const current = useDevicePush()
  const set = useSetDevicePush()
  if (!pushSupported())
    return (
      <Section title="Notifications">
        <p>This browser cannot show notifications. On a phone, install Snaplist to the home screen first.</p>
      </Section>
    )
  const kinds = current.data
  const toggle = (kind: NotificationKind, on: boolean) => set.mutate({ ...(kinds as NotificationKinds), [kind]: on })
  return (
    <Section title="Notifications">
      <p>Hear about it on this device the moment something sells. Your other devices keep their own setting.</p>
      {kinds ? (
        <>
          {(Object.keys(KIND_LABELS) as NotificationKind[]).map((kind) => (
            <label key={kind} className="flex items-center gap-3">
              <input
                type="checkbox"
                className="size-5"
                checked={kinds[kind]}
                disabled={set.isPending}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
          <Button variant="secondary" disabled={set.isPending} onClick={() => set.mutate(null)}>
            Turn off on this device
          </Button>
        </>
      ) : (
        <Button
          disabled={current.isPending || set.isPending}
          onClick={() => set.mutate({ sales: true, problems: true })}
        >
          Turn on notifications
        </Button>
      )}
    </Section>
  )
}
