import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DIST_DIR } from '../../server/paths.ts'
import { companyName } from '#shared/company/company-name.ts'
import { expectNoAxeViolations } from '../support/browser/axe.ts'
import { signIn, useDeskSite } from '../support/browser/lead-desk-site.ts'
import { PHONE } from '../support/browser/devices.ts'
import { parseCsv } from '../support/csv.ts'
import { seedLeads } from '../support/seed-leads.ts'

const desk = useDeskSite()

/** A word no other test uses, so each journey finds its own leads in a shared database. */
let counter = 0
const marker = (label: string) => `${label}${Date.now().toString(36)}${(counter += 1)}`

const search = async (page: Page, text: string) => {
  await page.getByLabel('Buscar', { exact: true }).fill(text)
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
}

const listedNames = (page: Page) => page.locator('tbody tr td:nth-child(2)').allTextContents()

const rowsWith = async (email: string) =>
  (
    await desk
      .site()
      .db.query<Record<string, unknown>>('select * from contact_submissions where email = $1', [
        email,
      ])
  ).rows

describe('Lead desk', () => {
  it('refuses a wrong password after a pause (the answer passes axe), then signs in', async () => {
    const page = await desk.open()
    const response = await page.goto('/painel')
    expect(response?.url()).toMatch(/\/painel\/entrar$/)
    // The form as it first shows passes axe in desk-pages' walk; here, its answer to a mistake.
    await page.getByLabel('Senha').fill('uma senha errada qualquer')
    const started = Date.now()
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByRole('alert').filter({ hasText: 'Senha incorreta' }).waitFor()
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
    await expectNoAxeViolations(page, '/painel/entrar (wrong password)')

    await signIn(page)
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'painel_sessao')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/painel',
    })
  })

  it('lists newest first, searches without accents, filters and pages (axe clean)', async () => {
    const tag = marker('Lista')
    const now = Date.now()
    await seedLeads(desk.site().db, [
      {
        name: `João Conceição ${tag}`,
        email: `joao.${tag}@example.com`,
        message: `Quero um orçamento ${tag}`,
        createdAt: new Date(now - 1_000),
      },
      {
        name: `Márcia ${tag}`,
        email: `marcia.${tag}@example.com`,
        message: `Integração ${tag}`,
        createdAt: new Date(now - 2_000),
        status: 'fechado',
      },
      {
        name: `Rui ${tag}`,
        email: `rui.${tag}@example.com`,
        message: `Falhou ${tag}`,
        createdAt: new Date(now - 3_000),
        notified: false,
        notifyError: '421 Tente mais tarde',
      },
      ...Array.from({ length: 30 }, (_, index) => ({
        name: `Página ${tag} ${index}`,
        email: `p${index}.${tag}@example.com`,
        message: `Lote ${tag}`,
        createdAt: new Date(now - 10_000 - index * 1_000),
      })),
    ])
    const page = await desk.openSignedIn()

    await search(page, `joao conceicao ${tag.toLowerCase()}`)
    expect(await listedNames(page)).toEqual([`João Conceição ${tag}`])
    // The search stays out of the address bar (and every log).
    expect(page.url()).not.toContain(tag)

    await search(page, tag)
    await expect.poll(() => page.getByText('33 contatos com estes filtros').count()).toBe(1)
    const firstPage = await listedNames(page)
    expect(firstPage.slice(0, 3)).toEqual([`João Conceição ${tag}`, `Márcia ${tag}`, `Rui ${tag}`])
    await expect.poll(() => page.getByText('Último erro: 421 Tente mais tarde').count()).toBe(1)
    await expectNoAxeViolations(page, '/painel (search)')

    await page.getByRole('link', { name: 'Próxima' }).click()
    await page.getByText('Página 2 de 2').waitFor()
    expect(await listedNames(page)).toEqual(
      Array.from({ length: 8 }, (_, index) => `Página ${tag} ${22 + index}`),
    )

    await page.getByLabel('Situação').selectOption('fechado')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
    expect(await listedNames(page)).toEqual([`Márcia ${tag}`])

    await page.getByLabel('Situação').selectOption('todas')
    await page.getByLabel('Envio do e-mail').selectOption('falhou')
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.getByRole('heading', { level: 1, name: 'Contatos' }).waitFor()
    expect(await listedNames(page)).toEqual([`Rui ${tag}`])

    await search(page, `${tag} nada-assim`)
    await page.getByText('Nenhum contato encontrado.').waitFor()
    await expectNoAxeViolations(page, '/painel (no results)')
    await page.getByRole('button', { name: 'Limpar filtros' }).click()
    await expect.poll(() => page.getByLabel('Buscar', { exact: true }).inputValue()).toBe('')
  })

  it('opens a lead, replies by mail, and saves its status and a note (axe clean)', async () => {
    const tag = marker('Lead')
    const email = `bia.${tag}@example.com`
    const message = `Olá!\nPreciso de um app para a minha padaria.\n— Bia ${tag}`
    await seedLeads(desk.site().db, [
      { name: `Bia Araújo ${tag}`, email, company: 'Pão & Cia', message },
    ])
    const page = await desk.openSignedIn()
    await search(page, tag)
    await page.getByRole('link', { name: `Bia Araújo ${tag}` }).click()
    await page.getByRole('heading', { level: 1, name: `Contato de Bia Araújo ${tag}` }).waitFor()
    expect(await page.locator('.message').textContent()).toBe(message)
    expect(
      await page.getByRole('link', { name: 'Responder por e-mail' }).getAttribute('href'),
    ).toBe(
      `mailto:${email}?subject=${encodeURIComponent(`Re: sua mensagem para ${companyName.the}`)}`,
    )
    // A new lead's page as it opens passes axe in desk-pages' walk; here, after saving.

    await page.getByLabel('Situação do contato').selectOption('em_contato')
    await page.getByRole('button', { name: 'Salvar situação' }).click()
    await page.getByRole('status').filter({ hasText: 'Situação salva.' }).waitFor()
    await page.getByLabel('Nota', { exact: true }).fill('Ligar na terça, depois das 14h.')
    await page.getByRole('button', { name: 'Salvar nota' }).click()
    await page.getByRole('status').filter({ hasText: 'Nota salva.' }).waitFor()
    await expectNoAxeViolations(page, '/painel/contatos/:id (saved)')
    expect(await rowsWith(email)).toEqual([
      expect.objectContaining({
        lead_status: 'em_contato',
        desk_note: 'Ligar na terça, depois das 14h.',
      }),
    ])

    await page.getByRole('link', { name: 'Voltar aos contatos' }).click()
    const row = page.locator('tbody tr', { hasText: `Bia Araújo ${tag}` })
    // The status's badge (the address beside it may carry "e-mail não confirmado").
    expect(await row.locator('.badge:not(.badge-warning)').first().textContent()).toBe('em contato')

    await page.goto('/painel/contatos/00000000-0000-4000-8000-000000000000')
    // Its axe check is desk-pages' walk's, which visits the same address.
    await page.getByRole('heading', { level: 1, name: 'Contato não encontrado' }).waitFor()
  })

  it('shows a direction-flipping or look-alike name as what it is, not as what it pretends (axe clean)', async () => {
    const tag = marker('Bidi')
    // U+202E turns what follows around: "gnp.exe" reads "exe.png". А, о and а are Cyrillic.
    const name = `Joao ${tag} \u202Egnp.exe`
    const company = 'Аurоra Digitаl (suporte)'
    await seedLeads(desk.site().db, [
      {
        name,
        email: `joao.${tag}@example.com`,
        company,
        message: `Segue o anexo\u200B gnp.exe ${tag}`,
      },
    ])
    const page = await desk.openSignedIn()
    await search(page, tag)

    /** Where the browser draws the "g" and the last "e" of "gnp.exe" inside an element. */
    const drawnOrder = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf('gnp.exe') ?? -1
        if (at < 0) continue
        const leftOf = (offset: number) => {
          const range = document.createRange()
          range.setStart(node, offset)
          range.setEnd(node, offset + 1)
          return range.getBoundingClientRect().left
        }
        return { g: leftOf(at), lastE: leftOf(at + 6) }
      }
      return undefined
    }

    const row = page.locator('tbody tr', { hasText: tag })
    const link = row.getByRole('link')
    expect(await link.innerText()).toBe(`Joao ${tag} ⟨U+202E⟩gnp.exe`)
    const inList = await link.evaluate(drawnOrder)
    expect(inList && inList.g < inList.lastE).toBe(true)
    const rowTree = await row.ariaSnapshot()
    // What a screen reader announces: the marker, then the name as typed.
    expect(rowTree).toContain(`link "Joao ${tag} ⟨U+202E⟩ gnp.exe"`)
    expect(rowTree).toContain('⚠ Alfabetos misturados: latino e cirílico')
    await expectNoAxeViolations(page, '/painel (look-alike names)')

    await link.click()
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    expect(await heading.innerText()).toBe(`Contato de Joao ${tag} ⟨U+202E⟩gnp.exe`)
    const onPage = await heading.evaluate(drawnOrder)
    expect(onPage && onPage.g < onPage.lastE).toBe(true)
    const facts = await page.locator('dl.facts').ariaSnapshot()
    expect(facts).toContain('Аurоra')
    expect(facts).toContain('⚠ Alfabetos misturados: latino e cirílico')
    expect(await page.locator('.message').innerText()).toBe(`Segue o anexo⟨U+200B⟩ gnp.exe ${tag}`)
    expect(
      await page.locator('.hidden-char', { hasText: 'U+202E' }).first().getAttribute('title'),
    ).toContain('muda a direção do texto')
    await expectNoAxeViolations(page, '/painel/contatos/:id (look-alike names)')
  })

  it('exports the filtered list as CSV that Excel (pt-BR) reads with accents intact', async () => {
    const tag = marker('Csv')
    const leads = [
      {
        name: `Conceição Gonçalves ${tag}`,
        email: `c.${tag}@example.com`,
        company: 'Açaí; Pão "Bom"',
        message: `Olá, ação!\nSegunda linha ${tag}`,
        createdAt: new Date('2026-04-02T13:05:00Z'),
      },
      {
        name: `Ítalo ${tag}`,
        email: `i.${tag}@example.com`,
        message: `Orçamento ${tag}`,
        createdAt: new Date('2026-04-01T23:59:00Z'),
      },
    ]
    await seedLeads(desk.site().db, leads)
    const page = await desk.openSignedIn()
    await search(page, tag)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar CSV (Excel)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = await readFile(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'))
    expect(header?.join(' | ')).toBe(
      'Recebido em | Nome | E-mail | Empresa | Mensagem | Situação | Envio do e-mail | Erro de envio | Nota | Site de origem | Página de chegada | utm_source | utm_medium | utm_campaign | utm_term | utm_content',
    )
    expect(rows).toEqual([
      [
        '02/04/2026 10:05',
        leads[0]?.name,
        leads[0]?.email,
        'Açaí; Pão "Bom"',
        leads[0]?.message,
        'novo',
        'enviado',
        '',
        '',
        ...Array<string>(7).fill(''),
      ],
      [
        '01/04/2026 20:59',
        leads[1]?.name,
        leads[1]?.email,
        '',
        leads[1]?.message,
        'novo',
        'enviado',
        '',
        '',
        ...Array<string>(7).fill(''),
      ],
    ])
  })

  it('erases a lead: gone from the list, the export and the database; an audit line stays', async () => {
    const tag = marker('Apagar')
    const email = `helena.${tag}@example.com`
    await seedLeads(desk.site().db, [
      { name: `Helena ${tag}`, email, message: `Por favor, apaguem meus dados ${tag}` },
      { name: `Outro ${tag}`, email: `outro.${tag}@example.com`, message: `Fico ${tag}` },
    ])
    const page = await desk.openSignedIn()
    await search(page, tag)
    await page.getByRole('link', { name: `Helena ${tag}` }).click()
    await page.getByRole('button', { name: 'Apagar definitivamente' }).click()
    // The browser asks for the confirmation first (required checkbox): nothing was sent.
    expect(await rowsWith(email)).toHaveLength(1)
    await page.getByLabel('Confirmo que a pessoa pediu a exclusão').check()
    await page.getByRole('button', { name: 'Apagar definitivamente' }).click()
    await page.getByRole('status').filter({ hasText: '1 contato apagado.' }).waitFor()
    await expectNoAxeViolations(page, '/painel (after erasure)')

    expect(await listedNames(page)).toEqual([`Outro ${tag}`])
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar JSON' }).click(),
    ])
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      email: string
    }[]
    expect(exported.map((lead) => lead.email)).toEqual([`outro.${tag}@example.com`])
    expect(await rowsWith(email)).toEqual([])
    const audit = await desk
      .site()
      .db.query<Record<string, unknown>>("select * from private.lead_audit where action = 'erase'")
    expect(audit.rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(audit.rows)).not.toContain(tag)
  })

  it('fits a 390 px phone on every page of its navigation: nothing runs off to the side', async () => {
    const page = await desk.openSignedIn(PHONE, '/painel')
    const links = await page.getByRole('navigation').getByRole('link').all()
    const paths = await Promise.all(
      links.map(async (link) => (await link.getAttribute('href')) ?? ''),
    )
    expect(paths.length).toBeGreaterThanOrEqual(4)
    for (const path of paths) {
      await page.goto(path)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0)
      // The last of the navigation, signing out everywhere, is on screen, not past its edge.
      const box = await page
        .getByRole('button', { name: 'Sair de todos os aparelhos' })
        .boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(390)
    }
  })

  it('signs out, after which the desk asks for the password again', async () => {
    const page = await desk.open()
    await signIn(page)
    await page.getByRole('button', { name: 'Sair', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Você saiu do painel.' }).waitFor()
    await expectNoAxeViolations(page, '/painel/entrar (signed out)')
    await page.goto('/painel')
    expect(page.url()).toMatch(/\/painel\/entrar$/)
  })

  it('keeps what leads and the operator typed out of the request log', async () => {
    const tag = marker('Log')
    await seedLeads(desk.site().db, [
      { name: `Sigilo ${tag}`, email: `sigilo.${tag}@example.com`, message: `Segredo ${tag}` },
    ])
    const page = await desk.openSignedIn()
    await search(page, `Sigilo ${tag}`)
    await page.getByRole('link', { name: `Sigilo ${tag}` }).click()
    await page.getByLabel('Nota', { exact: true }).fill(`Nota ${tag}`)
    await page.getByRole('button', { name: 'Salvar nota' }).click()
    await page.getByRole('status').filter({ hasText: 'Nota salva.' }).waitFor()
    const log = desk.site().logLines.join('\n')
    expect(log).toContain('"path":"/painel/filtro"')
    expect(log).not.toContain(tag)
    expect(log).not.toContain('correto cavalo')
  })
})

describe("The public site's build", () => {
  it('carries no lead desk code, texts or styles', async () => {
    const files = await readdir(DIST_DIR, { recursive: true, withFileTypes: true })
    const texts = await Promise.all(
      files
        .filter((entry) => entry.isFile() && /\.(html|js|css|json|txt|xml)$/.test(entry.name))
        .map((entry) => readFile(path.join(entry.parentPath, entry.name), 'utf8')),
    )
    expect(texts.length).toBeGreaterThan(3)
    for (const desk of [
      '/painel',
      'painel_sessao',
      'Entrar no painel',
      'Apagar definitivamente',
      'badge-em_contato',
      'lead_status',
    ]) {
      expect([desk, texts.some((text) => text.includes(desk))]).toEqual([desk, false])
    }
  })
})
