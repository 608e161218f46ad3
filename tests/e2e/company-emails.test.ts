/**
 * The e-mails the company and its leads receive from the reply promise and the pipeline's
 * watch (decisions 051–053), as a phone shows them: each HTML part rendered by Chromium at
 * 390 px, with nothing wider than the screen and no text smaller than 14 px. Screenshots in
 * screenshots/ for a person to look at.
 */
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderIncidentAlert } from '#shared/alerts/render-incident-alert.ts'
import { renderOverdueAlert, type OverdueLead } from '#shared/alerts/render-overdue-alert.ts'
import { renderIncidentDigest, renderOverdueDigest } from '#shared/alerts/render-alert-digest.ts'
import { readWeekSummary, renderWeeklySummary } from '#shared/alerts/render-weekly-summary.ts'
import { renderLeadReply } from '../../server/desk/leads/replies/render-lead-reply.ts'
import { companyName } from '#shared/company/company-name.ts'
import { releaseChromium, sharedChromium } from '../support/browser/shared-chromium.ts'
import { PHONE } from '../support/browser/devices.ts'

const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots/', import.meta.url))
const NOW = new Date('2026-11-30T12:00:00Z')
const LONG_WORD = 'https://www.exemplo-de-um-endereco-muito-comprido.com.br/caminho/longo'

let browser: Browser
beforeAll(async () => {
  browser = await sharedChromium()
  await mkdir(SCREENSHOT_DIR, { recursive: true })
})
afterAll(async () => {
  await releaseChromium(browser)
})

/** Overdue leads as a digest lists them (decision 060): one with a long company and address. */
const overdueLeads: OverdueLead[] = Array.from({ length: 4 }, (_, index) => ({
  id: `7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5${index}`,
  name: index === 0 ? 'Maria Aparecida dos Santos Figueiredo' : `Pessoa ${index + 1}`,
  email:
    index === 0 ? 'maria.aparecida.figueiredo@empresa-muito-comprida.com.br' : `p${index}@ex.com`,
  company: index === 0 ? 'Comércio de Materiais de Construção Figueiredo & Filhos' : null,
  message: 'Quero um orçamento.',
  createdAt: new Date(`2026-11-29T1${index}:00:00Z`),
  waitingSince: new Date(`2026-11-29T1${index}:00:00Z`),
  promiseHours: 24,
  // Sent on a Sunday, counted in office hours from Monday's opening (decision 070).
  replyClock: 'business',
  deadline: new Date('2026-12-02T18:00:00Z'),
  timeZone: 'America/Sao_Paulo',
  deskUrl: `https://www.empresa.test/painel/contatos/7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5${index}`,
}))

const emails = {
  summary: renderWeeklySummary(
    readWeekSummary({
      week: '2026-11-23',
      time_zone: 'America/Sao_Paulo',
      promise_hours: 24,
      reply_clock: 'business',
      views: 12_345,
      leads: 48,
      meetings: 7,
      answered: 40,
      answered_in_time: 35,
      unanswered: 3,
      waiting: 2,
      median_answer_seconds: 3 * 3600 + 25 * 60,
      incidents: [
        {
          kind: 'mail_failing',
          since: '2026-11-25T13:00:00.000Z',
          resolved_at: '2026-11-25T14:10:00.000Z',
          detail: { error: 'connect ECONNREFUSED', waiting: 3 },
        },
        {
          kind: 'quarantine_full',
          since: '2026-11-28T09:00:00.000Z',
          resolved_at: null,
          detail: { count: 455, max: 500 },
        },
      ],
    }),
    'https://www.empresa.test/painel/',
    NOW,
  ),
  overdue: renderOverdueAlert(
    {
      id: '7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5a',
      name: 'Ana Souza',
      email: 'ana@padaria.com.br',
      company: 'Padaria Pão Quente',
      message: `Quero um site com pedidos online. Vi este exemplo: ${LONG_WORD}`,
      createdAt: new Date('2026-11-29T16:00:00Z'),
      waitingSince: new Date('2026-11-29T16:00:00Z'),
      promiseHours: 24,
      replyClock: 'clock',
      deadline: new Date('2026-11-30T16:00:00Z'),
      timeZone: 'America/Sao_Paulo',
      deskUrl: 'https://www.empresa.test/painel/contatos/7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5a',
    },
    NOW,
  ),
  incident: renderIncidentAlert(
    {
      kind: 'webhook_set_apart',
      since: new Date('2026-11-30T10:00:00Z'),
      detail: { count: 4, gone: false, error: 'HTTP 404: workflow not active' },
      receiver: 'n8n.exemplo.com.br/webhook/…a1b2',
      timeZone: 'America/Sao_Paulo',
      deskUrl: 'https://www.empresa.test/painel/',
      resolvedAt: null,
    },
    NOW,
  ),
  reply: renderLeadReply(
    {
      id: '1',
      subject: `Re: sua mensagem para ${companyName.the}`,
      body: 'Olá, Ana!\n\nObrigado pela mensagem. Podemos conversar amanhã às 10h?',
      lead: {
        id: '7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5a',
        createdAt: new Date('2026-11-29T16:00:00Z'),
        name: 'Ana Souza',
        email: 'ana@padaria.com.br',
        company: null,
        message: `Quero um site com pedidos online.\n${LONG_WORD}`,
        emailConfirmed: true,
      },
    },
    { timeZone: 'America/Sao_Paulo' },
  ),
  overdueDigest: renderOverdueDigest(overdueLeads, NOW),
  incidentDigest: renderIncidentDigest(
    [
      {
        kind: 'mail_refused',
        since: new Date('2026-11-30T10:00:00Z'),
        detail: { count: 1, outbox: 'lead_mail' },
        timeZone: 'America/Sao_Paulo',
        deskUrl: 'https://www.empresa.test/painel/',
        resolvedAt: null,
      },
      {
        kind: 'quarantine_full',
        since: new Date('2026-11-30T11:00:00Z'),
        detail: { count: 455, max: 500 },
        timeZone: 'America/Sao_Paulo',
        deskUrl: 'https://www.empresa.test/painel/',
        resolvedAt: new Date('2026-11-30T11:30:00Z'),
      },
    ],
    NOW,
  ),
}

describe('The e-mails of the reply promise and the watch, on a phone', () => {
  for (const [name, email] of Object.entries(emails)) {
    it(`${name}: fits 390 px, and no text is smaller than 14 px`, async () => {
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false })
      try {
        const page = await context.newPage()
        await page.setContent(email.html)
        const { wide, smallest } = await page.evaluate(() => {
          const width = document.documentElement.clientWidth
          const elements = [...document.body.querySelectorAll<HTMLElement>('*')]
          return {
            wide: elements
              .filter((element) => element.getBoundingClientRect().right > width + 1)
              .map((element) => element.tagName),
            smallest: Math.min(
              ...elements
                .filter((element) => element.textContent?.trim())
                .map((element) => parseFloat(getComputedStyle(element).fontSize)),
            ),
          }
        })
        expect(wide, 'elements wider than the screen').toEqual([])
        expect(smallest).toBeGreaterThanOrEqual(14)
        await page.screenshot({ path: `${SCREENSHOT_DIR}email-${name}-390.png`, fullPage: true })
      } finally {
        await context.close()
      }
    })
  }
})
