// Lighthouse on the built app, as issue 19 measures it (docs/decisions/0014): /auth and the signed-in Dashboard, runs
// alternating, medians printed beside the targets. LIGHTHOUSE_RUNS sets the number of runs per page (default 5);
// LIGHTHOUSE_PEER=<url> audits another app's page in the same alternation (the peer comparison of the issue).
import { startServer } from '../helpers/server-process.ts'
import { auditPage, CATEGORIES, describeAudit, median, type Audit } from '../helpers/lighthouse.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

interface Target {
  label: string
  holds: (audit: Audit) => boolean
}

const AUTH_TARGETS: Target[] = [
  { label: 'scores 100/100/100', holds: (audit) => CATEGORIES.every((id) => audit.scores[id] === 100) },
  { label: 'FCP ≤ 0.9 s', holds: (audit) => audit.fcp <= 900 },
  { label: 'LCP ≤ 1.2 s', holds: (audit) => audit.lcp <= 1200 },
  { label: 'JS before first paint ≤ 100 KB', holds: (audit) => audit.jsBeforePaintBytes <= 100 * 1024 },
  { label: '≤ 12 requests', holds: (audit) => audit.requests <= 12 },
]
const DASHBOARD_TARGETS: Target[] = [
  { label: 'performance ≥ 98', holds: (audit) => audit.scores.performance >= 98 },
  { label: 'CLS 0', holds: (audit) => audit.cls === 0 },
]

/** The median of each figure over the runs, as one audit. */
function medianAudit(runs: Audit[]): Audit {
  const of = (pick: (audit: Audit) => number) => median(runs.map(pick))
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, of((audit) => audit.scores[id])])) as Audit['scores'],
    fcp: of((audit) => audit.fcp),
    lcp: of((audit) => audit.lcp),
    tbt: of((audit) => audit.tbt),
    cls: of((audit) => audit.cls),
    jsBytes: of((audit) => audit.jsBytes),
    jsBeforePaintBytes: of((audit) => audit.jsBeforePaintBytes),
    requests: of((audit) => audit.requests),
    failing: [],
    // Each element a run's largest paint was of, once.
    lcpElement: [...new Set(runs.map((audit) => audit.lcpElement))].join(' | '),
  }
}

const SETUP_CODE = 'BENCH-LIGHTHOUSE-SETUP-0001'

/** Registers an account (with the setup code: the administrator) and returns its session cookie. */
async function sessionCookie(origin: string, name: string, setupCode?: string): Promise<string> {
  const username = `${name}${Date.now()}`
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      firstName: 'Rita',
      lastName: 'Reseller',
      password: 'thrift store 42',
      setupCode,
    }),
  })
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('snaplist_session='))
  if (response.status !== 201 || !cookie)
    throw new Error(`Registering for the Lighthouse bench answered ${response.status}`)
  return cookie.split(';')[0]!
}

export async function benchLighthouse() {
  const { origin, server } = await startServer({ SETUP_CODE })
  try {
    // As a server in use: its administrator registered, so the sign-in page has no setup code to ask for.
    await sessionCookie(origin, 'admin', SETUP_CODE)
    const pages: { name: string; url: string; cookie?: string; targets: Target[] }[] = [
      { name: '/auth', url: `${origin}/auth`, targets: AUTH_TARGETS },
      {
        name: 'Dashboard',
        url: `${origin}/`,
        cookie: await sessionCookie(origin, 'lighthouse'),
        targets: DASHBOARD_TARGETS,
      },
      ...(process.env.LIGHTHOUSE_PEER ? [{ name: 'peer', url: process.env.LIGHTHOUSE_PEER, targets: [] }] : []),
    ]
    const runs = new Map(pages.map((page) => [page.name, [] as Audit[]]))
    // Alternating, so a burst of load on the shared machine falls on every page alike.
    for (let round = 0; round < RUNS; round++) {
      for (const page of pages) {
        const audit = await auditPage(page.url, page.cookie)
        console.log(
          `  run ${round + 1} ${page.name.padEnd(10)} ${describeAudit(audit)}${audit.failing.length ? `; below 90: ${audit.failing.join(', ')}` : ''}`,
        )
        runs.get(page.name)!.push(audit)
      }
    }
    console.log(`\nLighthouse 12 (mobile, simulated throttling), medians of ${RUNS} alternating runs`)
    for (const page of pages) {
      const audit = medianAudit(runs.get(page.name)!)
      console.log(`  ${page.name.padEnd(10)} ${describeAudit(audit)}`)
      for (const target of page.targets) console.log(`    ${target.holds(audit) ? 'PASS' : 'FAIL'} ${target.label}`)
    }
  } finally {
    server.kill('SIGTERM')
  }
}
