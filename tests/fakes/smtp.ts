// A stand-in mail server: a real SMTP server (smtp-server) on loopback that keeps every message it receives, decoded
// enough to read (subject, text and HTML parts), and lists them as JSON over a small HTTP endpoint for browser tests.
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { pathToFileURL } from 'node:url'
import { SMTPServer } from 'smtp-server'
import { closeServer } from './listen.ts'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string | undefined
  html: string | undefined
  raw: string
}

export interface FakeSmtp {
  /** The SMTP_URL that reaches this server. */
  smtpUrl: string
  /** Base URL of the JSON endpoint (GET /messages?to=…), when one was asked for. */
  httpUrl: string | undefined
  messages: ReceivedMail[]
  close(): Promise<void>
}

export interface FakeSmtpOptions {
  port?: number
  /** Also serve the messages as JSON on this port (0 picks one). */
  httpPort?: number
}

interface MimePart {
  headers: Map<string, string>
  body: string
}

function splitPart(raw: string): MimePart {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** RFC 2047 words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) as nodemailer writes non-ASCII headers. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : fromQuotedPrintable(text.replace(/_/g, ' ')),
    )

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase()
  if (encoding === 'quoted-printable') return fromQuotedPrintable(part.body)
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return part.body
}

/** The text/plain and text/html bodies of a message, however deep in multipart/* they sit. */
function bodiesOf(part: MimePart, found: { text?: string; html?: string } = {}) {
  const contentType = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1)
    for (const section of sections) {
      if (section.startsWith('--')) break
      bodiesOf(splitPart(section.replace(/^\r?\n/, '')), found)
    }
  } else if (/^text\/html/i.test(contentType)) {
    found.html ??= decodeBody(part).replace(/\r?\n$/, '')
  } else if (/^text\/plain/i.test(contentType)) {
    found.text ??= decodeBody(part).replace(/\r?\n$/, '')
  }
  return found
}

function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const message = splitPart(raw)
  const { text, html } = bodiesOf(message)
  return { ...envelope, subject: decodeHeader(message.headers.get('subject') ?? ''), text, html, raw }
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

function serveMessages(messages: ReceivedMail[], port: number): Promise<{ url: string; server: ServerType }> {
  const app = new Hono()
    .get('/messages', (c) => {
      const to = c.req.query('to')?.toLowerCase()
      return c.json(to ? messages.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)) : messages)
    })
    .delete('/messages', (c) => {
      messages.length = 0
      return c.body(null, 204)
    })
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, server }),
    )
  })
}

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        messages.push(
          parseMail(Buffer.concat(chunks).toString('utf8'), {
            from,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          }),
        )
        callback()
      })
    },
  })
  const port = await listen(smtp, options.port ?? 0)
  const http = options.httpPort === undefined ? undefined : await serveMessages(messages, options.httpPort)
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    httpUrl: http?.url,
    messages,
    async close() {
      if (http) await closeServer(http.server)
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}

// Run directly (node --import tsx tests/fakes/smtp.ts) for the browser tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeSmtp({
    port: Number(process.env.FAKE_SMTP_PORT ?? 2525),
    httpPort: Number(process.env.FAKE_SMTP_HTTP_PORT ?? 2526),
  })
  console.log(`fake SMTP listening on ${fake.smtpUrl}, messages at ${fake.httpUrl}/messages`)
}
