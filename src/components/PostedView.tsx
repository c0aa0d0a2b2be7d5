// What a Post to … dialog shows once the marketplace has the listing: the server's sentence, Close, and the listing
// where buyers see it.
import { Button } from './ui/Button.tsx'

export function PostedView({
  message,
  viewUrl,
  viewLabel,
  onClose,
}: {
  message: string
  viewUrl: string | null | undefined
  /** 'View on <marketplace>'. */
  viewLabel: string
  onClose: () => void
}) {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm font-medium text-emerald-800">
        {message}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {viewUrl && (
          <a
            href={viewUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-700 px-4 font-semibold text-white hover:bg-indigo-800"
          >
            {viewLabel}
          </a>
        )}
      </div>
    </div>
  )
}
