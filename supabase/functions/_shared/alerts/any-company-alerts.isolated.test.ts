/**
 * What the company itself is sent, for any company: each generated company
 * (tests/support/generated-companies.ts) put in the place of this one as its fork would put it
 * into company-facts.ts, and the alert e-mails (a lead without an answer, an incident, each as a
 * digest too), the weekly summary and the webhooks' User-Agent rendered by the site's own
 * modules, loaded anew. Each must name that company, with its article where a sentence needs
 * it, and say nothing of this company's (its facts in every form the fork-facts guard knows).
 * any-company-mail.test.ts does the same for the e-mails visitors get.
 */
import { describe, expect, it, vi } from 'vitest'
import { spelledIn, spellingsLeftOf } from '../../../../tests/support/company-fact-spellings.ts'
import { generatedCompanies } from '../../../../tests/support/generated-companies.ts'
import { company, type Company } from '../company/company.ts'
import { nameInSentence } from '../company/company-name.ts'
import { describePromiseHours } from '../support/durations.ts'
import { INCIDENT_KINDS } from './incident-copy.ts'

const NOW = new Date('2027-03-10T15:00:00Z')

/** The renderers as a fork with these facts loads them. */
const loadAlerts = async (facts: Company) => {
  vi.resetModules()
  vi.doMock('#shared/company/company-facts.ts', () => ({ companyFacts: facts }))
  return {
    overdue: await import('./render-overdue-alert.ts'),
    incident: await import('./render-incident-alert.ts'),
    digest: await import('./render-alert-digest.ts'),
    summary: await import('./render-weekly-summary.ts'),
    webhooks: await import('../webhooks/webhook-delivery.ts'),
  }
}

const overdueLead = (facts: Company, index: number) => ({
  id: `4006c108-dafc-42c3-a732-abd45928823${index}`,
  name: `Ana ${index}`,
  email: `ana.${index}@exemplo.com.br`,
  company: null,
  message: 'Queremos um aplicativo.',
  createdAt: new Date('2027-03-09T12:00:00Z'),
  waitingSince: new Date('2027-03-09T12:00:00Z'),
  promiseHours: facts.replyPromiseHours,
  replyClock: 'business' as const,
  deadline: new Date('2027-03-10T14:00:00Z'),
  timeZone: facts.officeHours.timeZone,
  deskUrl: `${facts.siteUrl}/painel/contatos/4006c108-dafc-42c3-a732-abd45928823${index}`,
})

const incidents = (facts: Company) =>
  INCIDENT_KINDS.map((kind) => ({
    kind,
    since: new Date('2027-03-10T13:00:00Z'),
    detail: { failed: 3, error: '421 busy', count: 3 },
    receiver: 'hooks.example.com/…',
    timeZone: facts.officeHours.timeZone,
    deskUrl: `${facts.siteUrl}/painel`,
    resolvedAt: null,
  }))

const texts = (rendered: { subject: string; text: string; html: string }) => ({
  subject: rendered.subject,
  text: rendered.text,
  html: rendered.html,
})

describe.each(generatedCompanies.map((generated) => [generated.label, generated] as const))(
  'what a company %s is sent',
  (_, { facts }) => {
    const left = spellingsLeftOf(company, facts).filter(({ fact }) => fact !== 'logo word')

    it('alerts, digests and the weekly summary name it and nothing of this company', async () => {
      const alerts = await loadAlerts(facts)
      const name = nameInSentence(facts.name, facts.article)
      const leads = [overdueLead(facts, 1), overdueLead(facts, 2)]
      const rendered: Record<string, { subject: string; text: string; html: string }> = {
        overdue: alerts.overdue.renderOverdueAlert(leads[0] ?? overdueLead(facts, 0), NOW),
        'overdue digest': alerts.digest.renderOverdueDigest(leads, NOW),
        'incident digest': alerts.digest.renderIncidentDigest(incidents(facts), NOW),
        summary: alerts.summary.renderWeeklySummary(
          alerts.summary.readWeekSummary({
            week: '2027-03-01',
            time_zone: facts.officeHours.timeZone,
            promise_hours: facts.replyPromiseHours,
            reply_clock: 'business',
            views: 1200,
            leads: 14,
            meetings: 3,
            answered: 12,
            answered_in_time: 11,
            unanswered: 1,
            waiting: 1,
            median_answer_seconds: 5400,
            incidents: [],
          }),
          `${facts.siteUrl}/painel`,
          NOW,
        ),
        ...Object.fromEntries(
          incidents(facts).map((incident) => [
            `incident ${incident.kind}`,
            alerts.incident.renderIncidentAlert(incident, NOW),
          ]),
        ),
      }
      for (const [what, mail] of Object.entries(rendered)) {
        expect(spelledIn(texts(mail), left), what).toEqual([])
      }
      expect(rendered['incident digest']?.subject).toContain(`Alertas do site ${name.of}:`)
      expect(rendered['incident mail_refused']?.subject).toContain(`Alerta do site ${name.of}:`)
      // The promise the alert quotes is this company's, on its office hours.
      expect(rendered.overdue?.text).toContain(
        `O site promete resposta em até ${describePromiseHours(facts.replyPromiseHours, 'business')}`,
      )
    })

    it('sends its webhooks with a User-Agent of its name, in ASCII', async () => {
      const { webhooks } = await loadAlerts(facts)
      const token = webhooks.USER_AGENT.replace(/-Webhooks\/1\.0$/, '')
      expect(webhooks.USER_AGENT).toMatch(/^[A-Za-z0-9]+-Webhooks\/1\.0$/)
      expect(facts.name.normalize('NFD').replace(/[^A-Za-z0-9]/g, '')).toBe(token)
      expect(spelledIn({ 'user-agent': webhooks.USER_AGENT }, left)).toEqual([])
    })
  },
)
