// What the analysis answers when the AI cannot help: not set up, failed, too slow, busy or refusing our key.
import { AppError } from '../../../errors.ts'

/** What a measured (no-AI) result says: the setting's name only to an admin, who can set it. */
export const notSetUpNotice = (isAdmin: boolean) =>
  isAdmin
    ? 'AI suggestions need a Gemini API key: set GEMINI_API_KEY on the server and restart Snaplist. The photo is saved and its main colour was measured; fill in the other details yourself.'
    : 'AI suggestions are not set up on this server. The photo is saved and its main colour was measured; fill in the other details yourself.'

export const analysisFailed = () =>
  new AppError(
    502,
    'analysis_failed',
    'The AI could not analyse this photo. Try again, or fill in the details yourself.',
  )
export const analysisTimeout = () =>
  new AppError(
    504,
    'analysis_timeout',
    'The AI took too long to analyse this photo. Try again, or fill in the details yourself.',
  )
/** The AI (or our own limit on analyses at once, analysis-gate.ts) cannot take this photo now: the phone tries again later. */
export const analysisBusy = () =>
  new AppError(503, 'analysis_busy', 'The AI is busy right now. Try again in a minute.', { retryAfterSeconds: 60 })
export const keyRefused = () =>
  new AppError(
    502,
    'analysis_key_refused',
    "The AI service refused this server's Gemini API key. The site operator needs to check GEMINI_API_KEY; meanwhile, fill in the details yourself.",
  )
