import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMailSender } from '#shared/mail/mail-transport.ts'
import { companyName } from '#shared/company/company-name.ts'
import {
  renderContactEmail,
  renderDigestEmail,
  type ContactEmail,
} from '#shared/mail/render-contact-email.ts'
import type { DeskClient } from '../../tests/support/desk-client.ts'
import { parseCsv } from '../../tests/support/csv.ts'
import { tableRow, writeHostileSectionAfterAll } from '../../tests/support/hostile-table.ts'
import { seedLeads } from '../../tests/support/seed-leads.ts'
import { createTestApp, testSettings } from '../../tests/support/test-app.ts'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import type { Database } from '../db/database.ts'
import { createOutboxTransport } from '../mail/outbox-transport.ts'
import { DEV_ANON_KEY } from '../settings.ts'
import { deskBrowser, deskOptions, DESK_PASSWORD, readPage, signInTo } from './desk-test-kit.ts'
import type { LeadDeskOptions } from './http/desk-env.ts'
import { PAGE_SIZE } from './leads/lead-store.ts'

let db: Database
let outboxDir: string
let options: LeadDeskOptions
let sent: ContactEmail[]
let mailWorks: boolean
let mailRefusesContent: boolean

const app = () =>
  createTestApp(db, {
    desk: options,
    sendEmail: async (email) => {
      if (mailRefusesContent) {
        return { ok: false, reason: 'Message failed: 554 5.7.1 spam', permanent: true }
      }
      if (!mailWorks) return { ok: false, reason: '554 relay refused', permanent: false }
      sent.push(email)
      return { ok: true }
    },
  })

const signedIn = () => signInTo(app)

/** The names the list shows under its filter now, each as visitor text, sorted. */
const listedNames = async (client: DeskClient) =>
  [
    ...(await readPage(client, '/painel/contatos')).matchAll(
      /contatos\/[^"]+"><bdi class="visitor-text">([^<]+)</g,
    ),
  ]
    .map((match) => match[1])
    .sort()

const rowsOf = async (email: string) =>
  (
    await db.query<Record<string, unknown>>(
      'select * from contact_submissions where lower(email) = lower($1)',
      [email],
    )
  ).rows

beforeAll(async () => {
  db = await createTestDatabase()
  outboxDir = await mkdtemp(path.join(tmpdir(), 'desk-outbox-'))
  options = await deskOptions(db, { outboxDir })
})
afterAll(async () => {
  await db.close()
  await rm(outboxDir, { recursive: true, force: true })
})
beforeEach(async () => {
  sent = []
  mailWorks = true
  mailRefusesContent = false
  await db.exec(
    'delete from contact_submissions; delete from private.lead_audit; delete from private.desk_login_failures; delete from private.desk_sessions; delete from private.desk_devices',
  )
})

describe('signing in', () => {
  it('opens the list with the right password and lands there with a session cookie', async () => {
    const client = await signedIn()
    expect([...client.cookies.keys()]).toContain('painel_sessao')
    const list = await client.request('/painel/contatos')
    expect(list.status).toBe(200)
    expect(await list.text()).toContain('<h1>Contatos</h1>')
  })

  it('refuses a wrong password after a pause, and says so in Portuguese', async () => {
    const client = deskBrowser(app)
    const started = performance.now()
    const response = await client.signIn('senha errada de propósito')
    expect(performance.now() - started).toBeGreaterThanOrEqual(options.loginAnswerMs)
    expect(response.status).toBe(401)
    expect(await response.text()).toContain('Senha incorreta')
    expect(client.cookies.has('painel_sessao')).toBe(false)
  })

  it('answers right and wrong passwords, throttled and stale forms, after the same pause', async () => {
    // Long enough that scrypt and the session's writes (about 0.1 s here) fit inside it on a
    // machine as busy as CI's: at a load of 12 on two cores a right password took 1.8 s against
    // a 700 ms pause, and answers that outlast the pause differ by their work, which is what the
    // pause exists to hide.
    const holdMs = 3_000
    const held = createTestApp(db, { desk: { ...options, loginAnswerMs: holdMs } })
    const timedSignIn = async (password: string, csrf?: false) => {
      const client = deskBrowser(() => held)
      const form = await client.request('/painel/entrar')
      const nonce = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? ''
      const started = performance.now()
      const response = await client.post(
        '/painel/entrar',
        { senha: password },
        { csrf: csrf ?? nonce },
      )
      return { status: response.status, ms: performance.now() - started }
    }
    const right: number[] = []
    const wrong: number[] = []
    // Interleaved, so a slow moment of the machine falls on both.
    for (let round = 0; round < 3; round += 1) {
      const ok = await timedSignIn(DESK_PASSWORD)
      const refused = await timedSignIn(`senha errada ${round}`)
      expect([ok.status, refused.status]).toEqual([303, 401])
      right.push(ok.ms)
      wrong.push(refused.ms)
    }
    const stale = await timedSignIn(DESK_PASSWORD, false)
    expect(stale.status).toBe(403)
    await db.query(
      "insert into private.desk_login_failures (client_key) select 'unknown' from generate_series(1, 10)",
    )
    const throttled = await timedSignIn(DESK_PASSWORD)
    expect(throttled.status).toBe(429)

    // No answer leaves before the pause, whatever it says…
    for (const ms of [...right, ...wrong, stale.ms, throttled.ms]) {
      expect(ms).toBeGreaterThanOrEqual(holdMs)
    }
    // …and the right password is not told apart by when its answers come.
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
    expect(Math.abs(median(right) - median(wrong))).toBeLessThan(holdMs / 2)
  }, 90_000)

  it('refuses a sign-in form posted without its own token (login CSRF)', async () => {
    const client = deskBrowser(app)
    const response = await client.post('/painel/entrar', { senha: DESK_PASSWORD }, { csrf: false })
    expect(response.status).toBe(403)
    expect(client.cookies.has('painel_sessao')).toBe(false)
  })

  it('keeps the sign-in form and the stylesheet open and sends the desk its own policy', async () => {
    const form = await app().request('/painel/entrar')
    expect(form.status).toBe(200)
    expect(form.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    expect(form.headers.get('cache-control')).toBe('no-store')
    const html = await form.text()
    expect(html).not.toMatch(/<script|style=/i)
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1] ?? ''
    const css = await app().request(href.replace(/&amp;/g, '&'))
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(css.headers.get('cache-control')).toContain('immutable')
  })

  it('does not exist at all while no password is set', async () => {
    const withoutDesk = createTestApp(db)
    expect((await withoutDesk.request('/painel/contatos')).status).toBe(404)
    expect((await withoutDesk.request('/painel/entrar')).status).toBe(404)
  })
})

describe('the list', () => {
  it('shows leads newest first, with status and delivery, one page at a time', async () => {
    const start = Date.now()
    await seedLeads(
      db,
      Array.from({ length: PAGE_SIZE + 3 }, (_, index) => ({
        name: `Pessoa ${index}`,
        email: `pessoa${index}@example.com`,
        message: `Mensagem número ${index} com bastante texto para ser cortada no meio da lista.`,
        createdAt: new Date(start - index * 60_000),
        notified: index !== 1,
        notifyError: index === 1 ? '421 try later' : null,
      })),
    )
    const client = await signedIn()
    const first = await (await client.request('/painel/contatos')).text()
    expect(first).toContain(`${PAGE_SIZE + 3} contatos`)
    expect(first.indexOf('Pessoa 0<')).toBeLessThan(first.indexOf('Pessoa 1<'))
    expect(first).toContain('Último erro: 421 try later')
    expect(first).toContain('Página 1 de 2')
    expect(first).not.toContain(`Pessoa ${PAGE_SIZE}<`)
    const second = await (await client.request('/painel/contatos?pagina=2')).text()
    expect(second).toContain(`Pessoa ${PAGE_SIZE + 2}<`)
    expect(second).not.toContain('Pessoa 0<')
    const beyond = await (await client.request('/painel/contatos?pagina=99')).text()
    expect(beyond).toContain('Página 2 de 2')
    expect(beyond).toContain(`Pessoa ${PAGE_SIZE + 2}<`)
  })

  it('searches name, e-mail, company and message whatever the case and accents', async () => {
    await seedLeads(db, [
      { name: 'João Conceição', email: 'joao@padaria.com.br', message: 'Quero um site.' },
      { name: 'Bia', email: 'bia@example.com', company: 'AÇÃO Móveis', message: 'Orçamento' },
      { name: 'Caio', email: 'caio@example.com', message: 'Integração com o ERP 100%_feito' },
    ])
    const client = await signedIn()
    const search = async (text: string) => {
      const response = await client.post('/painel/filtro', { search: text })
      // The search terms never reach a URL.
      expect(response.headers.get('location')).toBe('/painel/contatos')
      return (await client.request('/painel/contatos')).text()
    }
    expect(await search('joao conceicao')).toContain('João Conceição')
    expect(await search('PADARIA')).toContain('João Conceição')
    expect(await search('acao moveis')).toContain('Bia')
    const integracao = await search('integracao erp')
    expect(integracao).toContain('Caio')
    expect(integracao).not.toContain('Bia')
    expect(await search('100%_feito')).toContain('Caio')
    expect(await search('100%x')).toContain('Nenhum contato encontrado')
  })

  it('filters by status and by delivery, and clears the filters', async () => {
    await seedLeads(db, [
      { name: 'Nova', email: 'nova@example.com', message: 'a' },
      { name: 'Fechada', email: 'fechada@example.com', message: 'b', status: 'fechado' },
      {
        name: 'Falhou',
        email: 'falhou@example.com',
        message: 'c',
        notified: false,
        notifyError: 'x',
      },
      { name: 'Pendente', email: 'pendente@example.com', message: 'd', notified: false },
    ])
    const client = await signedIn()
    const names = () => listedNames(client)
    await client.post('/painel/filtro', { status: 'fechado' })
    expect(await names()).toEqual(['Fechada'])
    await client.post('/painel/filtro', { delivery: 'falhou' })
    expect(await names()).toEqual(['Falhou'])
    await client.post('/painel/filtro', { delivery: 'pendente' })
    expect(await names()).toEqual(['Pendente'])
    await client.post('/painel/filtro', { delivery: 'enviado', status: 'novo' })
    expect(await names()).toEqual(['Nova'])
    await client.post('/painel/filtro', { clear: '1', status: 'spam' })
    expect(await names()).toEqual(['Falhou', 'Fechada', 'Nova', 'Pendente'])
  })
})

describe('where leads come from', () => {
  it('opens on the overview, and an old link to the list lands on the list', async () => {
    const client = await signedIn()
    const home = await client.request('/painel')
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('<h1>Visão geral</h1>')
    expect(html).toContain('href="/painel/contatos?limpar=1"')
    const old = await client.request('/painel?pagina=2&aviso=apagado&n=1')
    expect(old.status).toBe(302)
    expect(old.headers.get('location')).toBe('/painel/contatos?pagina=2&aviso=apagado&n=1')
    expect(old.headers.get('cache-control')).toBe('no-store')
    // Any other query is the overview's own: no redirect for a browser to remember.
    const other = await client.request('/painel?x')
    expect(other.status).toBe(200)
    expect(await other.text()).toContain('<h1>Visão geral</h1>')
  })

  it("shows a lead's origin as visitor text, filters by source and campaign, and exports it", async () => {
    await seedLeads(db, [
      {
        name: 'Da Newsletter',
        email: 'news@example.com',
        message: 'a',
        utmSource: 'Newsletter',
        utmCampaign: 'Black\u202eFriday',
      },
      {
        name: 'Do Google',
        email: 'google@example.com',
        message: 'b',
        referrerOrigin: 'https://www.google.com',
      },
      { name: 'Direto', email: 'direto@example.com', message: 'c' },
    ])
    const client = await signedIn()
    const names = () => listedNames(client)
    await client.post('/painel/filtro', { source: 'NEWS' })
    expect(await names()).toEqual(['Da Newsletter'])
    await client.post('/painel/filtro', { source: 'google.com' })
    expect(await names()).toEqual(['Do Google'])
    await client.post('/painel/filtro', { campaign: 'black' })
    expect(await names()).toEqual(['Da Newsletter'])
    await client.post('/painel/filtro', { campaign: '%' })
    expect(await names()).toEqual([])

    const { rows } = await db.query<{ id: string }>(
      "select id from contact_submissions where email = 'news@example.com'",
    )
    const page = await (await client.request(`/painel/contatos/${rows[0]?.id}`)).text()
    expect(page).toContain('De onde veio')
    expect(page).toContain('<bdi class="visitor-text">Newsletter</bdi>')
    // The direction override is shown as a marker, never applied.
    expect(page).toContain('U+202E')
    expect(page).not.toContain('\u202e')

    await client.post('/painel/filtro', { clear: '1' })
    const csv = await (await client.request('/painel/exportar?formato=csv')).text()
    expect(csv.split('\r\n')[0]).toContain(
      'Site de origem;Página de chegada;utm_source;utm_medium;utm_campaign;utm_term;utm_content',
    )
    expect(csv).toContain(';https://www.google.com;;;;;;')
    const json = (await (await client.request('/painel/exportar?formato=json')).json()) as Record<
      string,
      unknown
    >[]
    expect(json.find((lead) => lead.email === 'news@example.com')).toMatchObject({
      utm_source: 'Newsletter',
      utm_campaign: 'Black\u202eFriday',
      referrer_origin: null,
    })
  })
})

describe("a lead's page", () => {
  it('shows the whole message and a reply link, and saves status and note', async () => {
    const message = 'Linha 1 <b>negrito</b>\nLinha 2 com "aspas" & mais'
    const [id] = await seedLeads(db, [{ name: 'Ana Lúcia', email: 'ana@example.com', message }])
    const client = await signedIn()
    const page = await (await client.request(`/painel/contatos/${id}`)).text()
    expect(page).toContain(
      'Linha 1 &lt;b&gt;negrito&lt;/b&gt;\nLinha 2 com &quot;aspas&quot; &amp; mais',
    )
    expect(page).toContain(
      `href="mailto:ana@example.com?subject=${encodeURIComponent(`Re: sua mensagem para ${companyName.the}`)}"`,
    )
    const status = await client.post(`/painel/contatos/${id}/situacao`, { status: 'em_contato' })
    expect(status.headers.get('location')).toBe(`/painel/contatos/${id}?aviso=situacao`)
    await client.post(`/painel/contatos/${id}/nota`, { note: 'Ligar na segunda-feira.' })
    const [row] = await rowsOf('ana@example.com')
    expect(row).toMatchObject({ lead_status: 'em_contato', desk_note: 'Ligar na segunda-feira.' })
    expect(row?.status_changed_at).toBeInstanceOf(Date)
    const after = await (await client.request(`/painel/contatos/${id}?aviso=nota`)).text()
    expect(after).toContain('Nota salva.')
    expect(after).toContain('Ligar na segunda-feira.</textarea>')
    expect(
      (await client.post(`/painel/contatos/${id}/situacao`, { status: 'ganho' })).headers.get(
        'location',
      ),
    ).toContain('aviso=situacao-invalida')
  })

  it('answers 404 for a lead that does not exist', async () => {
    const client = await signedIn()
    expect(
      (await client.request('/painel/contatos/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404)
    expect((await client.request('/painel/contatos/nem-um-uuid')).status).toBe(404)
  })

  it('re-sends the notification through the delivery core, past the hourly cap', async () => {
    const [id] = await seedLeads(db, [
      {
        name: 'Rui',
        email: 'rui@example.com',
        message: 'Reenviar',
        notified: false,
        notifyError: 'x',
      },
    ])
    await db.query('update private.contact_settings set mail_per_hour = 0')
    try {
      const client = await signedIn()
      const response = await client.post(`/painel/contatos/${id}/reenviar`)
      expect(response.headers.get('location')).toBe(`/painel/contatos/${id}?aviso=reenviado`)
      expect(sent.map((email) => email.replyTo?.address)).toEqual(['rui@example.com'])
      const [row] = await rowsOf('rui@example.com')
      expect(row).toMatchObject({ notify_error: null, notified_via: 'single' })
      expect(row?.notified_at).toBeInstanceOf(Date)

      mailWorks = false
      const failed = await client.post(`/painel/contatos/${id}/reenviar`)
      expect(failed.headers.get('location')).toContain('aviso=reenvio-falhou')
      const [afterFailure] = await rowsOf('rui@example.com')
      expect(afterFailure).toMatchObject({ notified_at: null, notify_error: '554 relay refused' })
      const audit = await db.query('select action, leads, via from private.lead_audit')
      expect(audit.rows).toEqual([
        { action: 'resend', leads: 1, via: 'painel' },
        { action: 'resend', leads: 1, via: 'painel' },
      ])
    } finally {
      await db.query('update private.contact_settings set mail_per_hour = 20')
    }
  })
})

describe('a lead the mail server refused for good', () => {
  it('is shown as "recusado" with the answer, filtered apart, never swept, and can be re-sent', async () => {
    const [id] = await seedLeads(db, [
      { name: 'Rita', email: 'rita@example.com', message: 'Texto recusado', notified: false },
      { name: 'Falhou', email: 'f@example.com', message: 'x', notified: false, notifyError: 'y' },
    ])
    const client = await signedIn()
    mailRefusesContent = true
    const refused = await client.post(`/painel/contatos/${id}/reenviar`)
    expect(refused.headers.get('location')).toBe(`/painel/contatos/${id}?aviso=reenvio-recusado`)
    const page = await (
      await client.request(`/painel/contatos/${id}?aviso=reenvio-recusado`)
    ).text()
    expect(page).toContain('<span class="badge badge-recusado">recusado</span>')
    expect(page).toContain('Último erro: Message failed: 554 5.7.1 spam')
    expect(page).toContain('ela não será reenviada sozinha')
    expect(page).toContain('O servidor de e-mail recusou de novo esta mensagem, de vez.')

    const names = () => listedNames(client)
    await client.post('/painel/filtro', { delivery: 'recusado' })
    expect(await names()).toEqual(['Rita'])
    await client.post('/painel/filtro', { delivery: 'falhou' })
    expect(await names()).toEqual(['Falhou'])
    const csv = await (await client.request('/painel/exportar?formato=csv')).text()
    expect(csv).not.toContain('Rita')
    await client.post('/painel/filtro', { delivery: 'recusado' })
    expect(await (await client.request('/painel/exportar?formato=csv')).text()).toContain(
      ';recusado;Message failed: 554 5.7.1 spam;',
    )

    // The sweep leaves it alone however long it waits; a person's re-send still sends it.
    await db.query("update contact_submissions set created_at = now() - interval '1 day'")
    const due = await db.query('select * from private.claim_due_mail(2, 10, 5)')
    expect(due.rows.map((row) => row.email)).toEqual(['f@example.com'])
    mailRefusesContent = false
    const resent = await client.post(`/painel/contatos/${id}/reenviar`)
    expect(resent.headers.get('location')).toBe(`/painel/contatos/${id}?aviso=reenviado`)
    expect(await rowsOf('rita@example.com')).toEqual([
      expect.objectContaining({ notify_refused_at: null, notify_error: null }),
    ])
  })
})

describe('exports', () => {
  it('gives Excel (pt-BR) a CSV with a BOM, semicolons and Brazilian dates, of the filter only', async () => {
    await seedLeads(db, [
      {
        name: 'Conceição; "Ção"',
        email: 'c@example.com',
        company: 'Açaí & Cia',
        message: 'Linha um\nLinha dois',
        createdAt: new Date('2026-03-05T12:07:00Z'),
        status: 'em_contato',
      },
      { name: 'Outra', email: 'o@example.com', message: '=HYPERLINK("x")', status: 'spam' },
    ])
    const client = await signedIn()
    await client.post('/painel/filtro', { status: 'em_contato' })
    const response = await client.request('/painel/exportar?formato=csv')
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    expect(text).toBe(
      'Recebido em;Nome;E-mail;Empresa;Mensagem;Situação;Envio do e-mail;Erro de envio;Nota;Site de origem;Página de chegada;utm_source;utm_medium;utm_campaign;utm_term;utm_content\r\n' +
        '05/03/2026 09:07;"Conceição; ""Ção""";c@example.com;Açaí & Cia;"Linha um\nLinha dois";em contato;enviado;;;;;;;;;\r\n',
    )
    const audit = await db.query('select action, leads, via from private.lead_audit')
    expect(audit.rows).toEqual([{ action: 'export', leads: 1, via: 'painel' }])
  })

  it('defuses cells Excel would run as formulas, and exports JSON for programs', async () => {
    await seedLeads(db, [{ name: '=1+1', email: 'f@example.com', message: '@SUM(A1)' }])
    const client = await signedIn()
    const csv = await (await client.request('/painel/exportar?formato=csv')).text()
    expect(csv).toContain(";'=1+1;")
    expect(csv).toContain(";'@SUM(A1);")
    const json = await client.request('/painel/exportar?formato=json')
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await json.json()).toEqual([
      expect.objectContaining({
        name: '=1+1',
        message: '@SUM(A1)',
        status: 'novo',
        delivery: 'enviado',
      }),
    ])
  })
})

describe('the CSV export read by a reader that splits at commas, tabs or every line break', () => {
  it('never shows such a reader a cell that starts a formula, and Excel (pt-BR) the text with apostrophes only there', async () => {
    // As visitors send them, through the site's insert and the database's rules.
    const typed = {
      name: 'Ana, =HYPERLINK("http://x.example","clique")',
      email: 'ana@example.com',
      company: "Empresa,@SUM(1+1)*cmd|' /C calc'!A0;+1",
      message: 'Oi\n=1+1\r\n- item um\n  - item dois, -2+3\tx\t=cmd|\' /C calc\'!A0\n"=2"\n, "@x"',
    }
    const inserted = await app().request('/rest/v1/contact_submissions', {
      method: 'POST',
      headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(typed),
    })
    expect(inserted.status).toBe(201)
    await db.exec(`update contact_submissions set utm_campaign = 'black, =friday'`)
    const client = await signedIn()
    const bytes = new Uint8Array(
      await (await client.request('/painel/exportar?formato=csv')).arrayBuffer(),
    )
    const text = new TextDecoder().decode(bytes.slice(3))
    const readers = [
      ['Excel (pt-BR)', parseCsv(text, ';')],
      ['en-US Excel, LibreOffice with comma', parseCsv(text, ',')],
      [
        'a reader honouring quotes only where a field begins',
        parseCsv(text, ',', { quotes: 'at-start' }),
      ],
      ['a reader splitting at tabs', parseCsv(text, '\t', { quotes: 'at-start' })],
      [
        'a reader splitting at semicolons, quotes at field starts',
        parseCsv(text, ';', { quotes: 'at-start' }),
      ],
    ] as const
    for (const [reader, rows] of readers) {
      for (const cell of rows.flat()) {
        // Spaces trimmed, as LibreOffice's "trim spaces" does.
        expect(cell.trimStart(), reader).not.toMatch(/^[=+\-@]/)
      }
    }
    // Excel (pt-BR) reads each field whole: only an apostrophe before each formula's start.
    const [, row] = parseCsv(text, ';')
    expect(row?.slice(1, 5)).toEqual([
      'Ana, \'=HYPERLINK("http://x.example","clique")',
      'ana@example.com',
      "Empresa,'@SUM(1+1)*cmd|' /C calc'!A0;'+1",
      "Oi\n'=1+1\r\n'- item um\n  '- item dois, '-2+3\tx\t'=cmd|' /C calc'!A0\n\"'=2\"\n, \"'@x\"",
    ])
    expect(row).toContain("black, '=friday")
  })
})

/** What a visitor typed to hide a formula from the defusing, and the field it went in. */
interface HiddenFormula {
  label: string
  field: 'name' | 'company' | 'message'
  typed: string
}

/** Each kind of character a reader may trim, split at or read as a formula's sign (decision 060). */
const HIDDEN_FORMULAS: HiddenFormula[] = [
  { label: 'a no-break space (U+00A0) before `=`', field: 'name', typed: '\u00a0=1+1' },
  {
    label: 'a narrow no-break space (U+202F) after a comma',
    field: 'company',
    typed: 'Empresa,\u202f=HYPERLINK("http://x.example")',
  },
  {
    label: 'an ideographic space (U+3000) after a comma',
    field: 'message',
    typed: 'Oi,\u3000@SUM(1+1)',
  },
  { label: 'an em space (U+2003) after a tab', field: 'message', typed: 'Oi\t\u2003-2+3' },
  { label: 'a zero-width space (U+200B) before `@`', field: 'message', typed: '\u200b@SUM(1)' },
  { label: 'a fullwidth `＝` (U+FF1D)', field: 'name', typed: '＝1+1' },
  { label: 'a fullwidth `＋` (U+FF0B) after a comma', field: 'message', typed: 'Oi, ＋cmd' },
  { label: 'a fullwidth `－` (U+FF0D) on a new line', field: 'message', typed: 'Oi\n－2+3' },
  { label: 'a fullwidth `＠` (U+FF20)', field: 'company', typed: '＠SUM(1)' },
  { label: 'a small `﹦` (U+FE66)', field: 'message', typed: '﹦1+1' },
  {
    label: 'a fullwidth comma (U+FF0C) and a no-break space before `=`',
    field: 'message',
    typed: 'Oi，\u00a0=1+1',
  },
  { label: 'a line separator (U+2028) before `+`', field: 'message', typed: 'Oi\u2028+1' },
]

/** What each reader sees first in a cell: its spaces trimmed, its characters normalised. */
const startsFormula = (cell: string) =>
  /^[=+\-@]/.test(cell.normalize('NFKC').replace(/^[\s\p{Cf}"]+/u, ''))

describe('the CSV export read by readers that trim Unicode spaces and normalise characters', () => {
  const observed: { label: string; field: string; answer: string }[] = []
  writeHostileSectionAfterAll("The CSV export's hidden formulas", () => [
    "## The CSV export's hidden formulas",
    '',
    'Generated by `server/desk/lead-desk.test.ts` (the real app on PGlite, signed in): each',
    "value sent through the site's insert, exported as CSV and read back by seven readers",
    "(Excel pt-BR's `;`, en-US Excel's and LibreOffice's `,`, a tab reader, readers that end a",
    'row at every line break, Unicode ones included, one that splits at a fullwidth comma) that',
    'trim every Unicode space and format character and read characters in their compatibility',
    'form (NFKC, as Excel reads a fullwidth `＝`). None sees a cell start a formula: an',
    'apostrophe opens the cell, or goes right before the sign after a split (decision 060).',
    '',
    '| # | input | field | answer |',
    '| - | ----- | ----- | ------ |',
    ...observed.map((o, n) => tableRow([n + 1, o.label, o.field, o.answer])),
  ])

  it.each(HIDDEN_FORMULAS.map((hidden) => [hidden.label, hidden] as const))(
    '%s: no reader sees a formula',
    async (_label, hidden) => {
      const typed = {
        name: 'Ana Souza',
        email: 'ana@example.com',
        company: null as string | null,
        message: 'Oi.',
        [hidden.field]: hidden.typed,
      }
      const inserted = await app().request('/rest/v1/contact_submissions', {
        method: 'POST',
        headers: { apikey: DEV_ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(typed),
      })
      expect(inserted.status).toBe(201)
      const client = await signedIn()
      const bytes = new Uint8Array(
        await (await client.request('/painel/exportar?formato=csv')).arrayBuffer(),
      )
      const text = new TextDecoder().decode(bytes.slice(3))
      const readers = [
        parseCsv(text, ';'),
        parseCsv(text, ','),
        parseCsv(text, ',', { quotes: 'at-start' }),
        parseCsv(text, '\t', { quotes: 'at-start' }),
        parseCsv(text, ';', { quotes: 'at-start' }),
        // A reader that splits at a fullwidth comma, as one normalising first would.
        parseCsv(text.normalize('NFKC'), ',', { quotes: 'at-start' }),
        // One that ends a row at every Unicode line break (U+2028, U+2029, NEL, VT, FF).
        parseCsv(text.replace(/[\u2028\u2029\u0085\v\f]/g, '\n'), ',', { quotes: 'at-start' }),
      ]
      for (const rows of readers) {
        for (const cell of rows.flat())
          expect(startsFormula(cell), JSON.stringify(cell)).toBe(false)
      }
      // Excel (pt-BR) gets the text back whole, with the apostrophe right before the sign.
      const [, row] = parseCsv(text, ';')
      const column = { name: 1, company: 3, message: 4 }[hidden.field]
      const exported = row?.[column] ?? ''
      expect(exported.replace(/'/g, '')).toBe(hidden.typed)
      // Written visibly: U+… for what a page would not show.
      const shown = Array.from(exported, (character) =>
        /[\x21-\x7e]/.test(character) || /\p{L}/u.test(character)
          ? character
          : `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')} `,
      ).join('')
      observed.push({
        label: hidden.label,
        field: hidden.field,
        answer: `exported as \`${shown.trim()}\``,
      })
    },
  )
})

describe('erasing a lead', () => {
  it('removes the row, its outbox copy and nothing else, and audits it without personal data', async () => {
    const [id] = await seedLeads(db, [
      { name: 'Helena Apagar', email: 'helena@example.com', message: 'Apaguem meus dados' },
      { name: 'Helena Outra', email: 'HELENA@example.com', message: 'Outra mensagem' },
      { name: 'Fica', email: 'fica@example.com', message: 'Fico' },
    ])
    await writeFile(
      path.join(outboxDir, 'a.eml'),
      'Reply-To: Helena <helena@example.com>\r\n\r\noi',
    )
    await writeFile(path.join(outboxDir, 'b.eml'), 'Reply-To: Fica <fica@example.com>\r\n\r\noi')
    const client = await signedIn()
    const page = await (await client.request(`/painel/contatos/${id}`)).text()
    expect(page).toContain('Apagar também 1 outro contato enviados deste e-mail.')

    const unconfirmed = await client.post(`/painel/contatos/${id}/apagar`)
    expect(unconfirmed.headers.get('location')).toContain('aviso=confirme')
    expect(await rowsOf('helena@example.com')).toHaveLength(2)

    const erased = await client.post(`/painel/contatos/${id}/apagar`, { confirm: '1' })
    expect(erased.headers.get('location')).toBe('/painel/contatos?aviso=apagado&n=1')
    expect((await rowsOf('helena@example.com')).map((row) => row.name)).toEqual(['Helena Outra'])
    expect(await readdir(outboxDir)).toEqual(['b.eml'])
    const audit = await db.query<Record<string, unknown>>('select * from private.lead_audit')
    expect(audit.rows).toEqual([
      expect.objectContaining({ action: 'erase', leads: 1, via: 'painel' }),
    ])
    expect(JSON.stringify(audit.rows)).not.toMatch(/helena|apagar/i)
    expect((await client.request('/painel/contatos')).status).toBe(200)
  })

  it("deletes the erased lead's copies exactly, and rewrites a digest it shared without it", async () => {
    const leads = [
      { name: 'A Apagar', email: 'a@example.com', message: 'Apaguem meus dados' },
      { name: 'Maria Fica', email: 'maria@example.com', message: 'Fico' },
      { name: 'Ana Fica', email: 'ana@example.com', message: 'Também fico' },
    ]
    for (const file of await readdir(outboxDir)) await rm(path.join(outboxDir, file))
    const ids = await seedLeads(db, leads)
    const stored = leads.map((lead, index) => ({
      ...lead,
      id: ids[index] ?? '',
      company: null,
      createdAt: new Date(Date.UTC(2026, 10, 22, 12, index)),
    }))
    // The development outbox as the server writes it: one copy per e-mail sent.
    const send = createMailSender(createOutboxTransport(outboxDir), testSettings().mail)
    for (const lead of stored) {
      expect(await send({ ...renderContactEmail(lead), leadIds: [lead.id] })).toEqual({ ok: true })
    }
    await send({ ...renderDigestEmail(stored), leadIds: stored.map((lead) => lead.id) })
    const copies = async () => {
      const files = (await readdir(outboxDir)).sort()
      return Promise.all(
        files.map(async (file) => {
          const raw = await readFile(path.join(outboxDir, file), 'utf8')
          return { file, raw, mail: await simpleParser(raw) }
        }),
      )
    }
    const before = await copies()
    const digestBefore = before.find((copy) => copy.mail.subject?.startsWith('Resumo'))

    try {
      const client = await signedIn()
      await client.post(`/painel/contatos/${ids[0]}/apagar`, { confirm: '1' })
      const after = await copies()
      expect(after.map((copy) => copy.file)).toEqual(
        before
          .filter((copy) => !copy.raw.includes('A Apagar') || copy === digestBefore)
          .map((copy) => copy.file),
      )
      expect(after.map((copy) => copy.mail.subject).sort()).toEqual([
        'Nova mensagem pelo site: Ana Fica',
        'Nova mensagem pelo site: Maria Fica',
        'Resumo: 2 novas mensagens pelo site',
      ])
      const digest = after.find((copy) => copy.mail.subject?.startsWith('Resumo'))
      for (const text of [digest?.mail.text ?? '', digest?.mail.html || '']) {
        expect(text).not.toMatch(/A Apagar|Apaguem|(^|[^a-z])a@example\.com/)
        expect(text).toContain('maria@example.com')
        expect(text).toContain('ana@example.com')
      }
      expect(digest?.mail.headers.get('x-lead-id')).toBe(`${ids[1]}, ${ids[2]}`)
      // Still the copy that was sent: same sender, recipient, date and Message-ID.
      expect(digest?.mail.messageId).toBe(digestBefore?.mail.messageId)
      expect(digest?.mail.date).toEqual(digestBefore?.mail.date)
      expect(digest?.mail.from?.text).toBe(digestBefore?.mail.from?.text)
    } finally {
      for (const file of await readdir(outboxDir)) await rm(path.join(outboxDir, file))
    }
  })

  it('can take every lead from the same address at once', async () => {
    const [id] = await seedLeads(db, [
      { name: 'Igor', email: 'igor@example.com', message: 'um' },
      { name: 'Igor', email: 'Igor@Example.com', message: 'dois' },
    ])
    const client = await signedIn()
    const erased = await client.post(`/painel/contatos/${id}/apagar`, { confirm: '1', all: '1' })
    expect(erased.headers.get('location')).toBe('/painel/contatos?aviso=apagado&n=2')
    expect(await rowsOf('igor@example.com')).toEqual([])
  })
})

describe('the API for `npm run leads`', () => {
  it('exports since a day and erases by e-mail, with the CSRF token in a header', async () => {
    await seedLeads(db, [
      {
        name: 'Antiga',
        email: 'antiga@example.com',
        message: 'x',
        createdAt: new Date('2026-01-01T12:00:00Z'),
      },
      {
        name: 'Nova',
        email: 'nova@example.com',
        message: 'y',
        createdAt: new Date('2026-02-01T12:00:00Z'),
      },
    ])
    const client = await signedIn()
    const exported = await client.request('/painel/api/exportar?formato=json&desde=2026-01-15')
    expect(((await exported.json()) as { name: string }[]).map((lead) => lead.name)).toEqual([
      'Nova',
    ])
    expect((await client.request('/painel/api/exportar?formato=xml')).status).toBe(400)

    const body = JSON.stringify({ email: 'ANTIGA@example.com' })
    const headers = { 'content-type': 'application/json' }
    const refused = await client.request('/painel/api/apagar', { method: 'POST', headers, body })
    expect(refused.status).toBe(403)
    expect(await rowsOf('antiga@example.com')).toHaveLength(1)
    const erased = await client.request('/painel/api/apagar', {
      method: 'POST',
      headers: { ...headers, 'x-csrf-token': await client.csrfToken() },
      body,
    })
    expect(await erased.json()).toEqual({ erased: 1, outboxFiles: 0 })
    expect(await rowsOf('antiga@example.com')).toEqual([])
  })

  it('answers 401 in JSON without a session', async () => {
    const response = await app().request('/painel/api/sessao')
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'not_signed_in' })
  })
})

describe('the public API', () => {
  it('still cannot read a lead, set desk columns or reach the desk tables', async () => {
    await seedLeads(db, [{ name: 'Sigilo', email: 'sigilo@example.com', message: 'segredo' }])
    const headers = { apikey: DEV_ANON_KEY, 'content-type': 'application/json' }
    const read = await app().request('/rest/v1/contact_submissions?select=*', { headers })
    expect(read.status).toBe(401)
    expect(await read.text()).not.toContain('Sigilo')
    const insert = await app().request('/rest/v1/contact_submissions', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'X',
        email: 'x@example.com',
        message: 'oi',
        lead_status: 'fechado',
      }),
    })
    expect(insert.status).toBe(401)
    for (const table of ['desk_sessions', 'lead_audit', 'leads_export']) {
      const response = await app().request(`/rest/v1/${table}`, { headers })
      expect(response.status).toBe(404)
    }
    const asAnon = db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'anon', true)")
      return tx.query('select * from private.leads_export')
    })
    await expect(asAnon).rejects.toThrow(/permission denied/)
  })
})
