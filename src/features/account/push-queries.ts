// This device's sale notifications for the Account screen: read from the browser's subscription and the server's
// kinds (src/lib/push.tsx), changed by the seller's taps. Per device: another phone's are not shown or touched here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationKinds } from '../../../api/contract/push.ts'
import { notify } from '../../lib/notify.tsx'
import { errorMessage } from '../../lib/api.ts'
import { devicePushSettings, turnOffPush, turnOnPush } from '../../lib/push.tsx'

const pushKey = ['push', 'this-device'] as const

/** null: off on this device. */
export const useDevicePush = () =>
  useQuery({ queryKey: pushKey, queryFn: async () => (await devicePushSettings()) ?? null })

export function useSetDevicePush() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (kinds: NotificationKinds | null) => {
      // Both kinds off is notifications off on this device.
      if (kinds === null || (!kinds.sales && !kinds.problems)) {
        await turnOffPush()
        return null
      }
      const saved = await turnOnPush(kinds)
      if (!saved) throw new Error('Notifications are blocked for Snaplist in this browser’s settings.')
      return saved
    },
    onSuccess: (kinds) => queryClient.setQueryData(pushKey, kinds),
    onError: (error) => notify('Notifications', errorMessage(error), 'error'),
  })
}
