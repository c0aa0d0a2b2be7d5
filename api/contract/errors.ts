// The body of every non-2xx API answer.
export interface ApiErrorBody {
  message: string
  code: string
  requestId?: string
  fields?: Record<string, string>
}
