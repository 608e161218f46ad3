/**
 * The site for any company: each of the generated companies (tests/support/generated-companies.ts)
 * put in the place of this one, as its fork would put it into company-facts.ts and brand.ts, and
 * every page rendered as the build prerenders it, with its head tags, structured data, favicon,
 * `theme-color` and the desk's colours. Each company's facts must show in every form the site
 * writes them, and nothing of this company's (its facts in every form the fork-facts guard knows
 * them, tests/support/company-fact-spellings.ts) but what the two companies share.
 *
 * The site's copy is built from the company when its modules load (src/content/), so each
 * company gets the site's modules loaded anew with the two modules a fork edits replaced by its
 * own: every other module is the site's. tests/integration/rebrand.test.ts does the same with a
 * built copy of the project, servers and a browser's worth of output, for one company.
 */
import { vi } from 'vitest'
import { brand } from '#shared/company/brand.ts'
import { nameMark, nameMotif } from '#shared/company/brand-motif.ts'
import { formatCnpj } from '#shared/company/cnpj.ts'
import { company, companyOf } from '#shared/company/company.ts'
import { companyIdentityProblems } from '#shared/company/company-identity.ts'
import { nameInSentence } from '#shared/company/company-name.ts'
import { isEmailAddress } from '#shared/contact/contact-message.ts'
import { describeHours, describeHoursShort } from '#shared/support/durations.ts'
import { bookingFactsProblems } from '../server/booking/booking-facts.ts'
import { demoFactsInUse } from '../server/demo-facts.ts'
import {
  factSpellings,
  spelledIn,
  spellingsLeftOf,
} from '../tests/support/company-fact-spellings.ts'
import { generatedCompanies, type GeneratedCompany } from '../tests/support/generated-companies.ts'
import { describeOfficeHours, schemaOpeningHours } from './content/office-hours.ts'
import { zoneName } from './features/booking/slot-times.ts'
import type { PageKind } from './routes.ts'

/** The logo's words as the wordmark sets them: the second one quieter. */
const wordmark = ([first, second]: readonly string[]) =>
  `<span>${first}<!-- --> <span class="text-ink-muted">${second}</span></span>`
/** The letters of each tape of a name's motif, as the hero writes them. */
const motifWords = (name: string) =>
  nameMotif(name).tapes.map((tape) => tape.map(({ letter }) => letter).join(''))

const PAGES: readonly PageKind[] = [
  'home',
  'privacy',
  'contact',
  'contact-sent',
  'contact-refused',
  'booking',
  'manage-booking',
  'not-found',
]

/**
 * The site's modules as a fork with `generated`'s facts and accent builds them: company-facts.ts
 * and brand.ts say what its own would, every other module is loaded anew and reads them.
 */
const loadSite = async ({ facts, accent }: GeneratedCompany) => {
  vi.resetModules()
  vi.doMock('#shared/company/company-facts.ts', () => ({ companyFacts: facts }))
  vi.doMock('#shared/company/brand.ts', () => ({ brand: { ...brand, accent } }))
  const entry = await import('./entry-server.tsx')
  const look = await import('../scripts/brand/brand-head.ts')
  const desk = await import('../server/desk/layout/stylesheet.ts')
  const signIn = await import('../server/desk/sign-in/login-page.tsx')
  const leads = await import('../server/desk/leads/leads-copy.ts')
  const replies = await import('../server/desk/leads/replies/render-lead-reply.ts')
  const fill = await import('../server/desk/leads/replies/fill-template.ts')
  const templates = await import('../server/desk/leads/replies/reply-templates.ts')
  const pages = Object.fromEntries(PAGES.map((kind) => [kind, entry.renderPage(kind)]))
  const heads = Object.fromEntries(
    PAGES.map((kind) => [`${kind} head`, entry.renderHeadTags(kind, entry.defaultSiteUrl)]),
  )
  const lead = {
    id: '4006c108-dafc-42c3-a732-abd459288239',
    createdAt: new Date('2027-03-10T12:00:00Z'),
    name: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    company: null,
    message: 'Queremos um aplicativo.',
    emailConfirmed: true,
  }
  const filled = templates.replyTemplates.map((template) =>
    fill.fillTemplate(template, lead, facts.siteUrl),
  )
  const claimed = {
    id: '1',
    subject: leads.leadsCopy.lead.replySubject,
    body: filled[0]?.body ?? '',
    lead,
  }
  const reply = replies.renderLeadReply(claimed, { timeZone: facts.officeHours.timeZone })
  const replyMessage = replies.toReplyMessage(claimed, reply, {
    to: facts.inbox,
    from: { name: facts.mailSenderName, address: facts.inbox },
  })
  return {
    /** The lead desk's words for the company, and the reply it sends a lead. */
    desk: {
      'sign-in page': String(await signIn.LoginPage({ nonce: 'n' })),
      'reply subject': leads.leadsCopy.lead.replySubject,
      'resend hint': leads.leadsCopy.lead.resendHint,
      'reply templates': filled.map(({ subject, body }) => `${subject}\n${body}`).join('\n'),
      'reply text': reply.text,
      'reply html': reply.html,
      'reply sender': JSON.stringify([replyMessage.from, replyMessage.replyTo]),
    },
    siteUrl: entry.defaultSiteUrl,
    /** Every page as prerendered, the contact page the server fills in, and their head tags. */
    pages: {
      ...pages,
      'contact template': entry.renderContactTemplate(),
      ...heads,
    } as Record<string, string>,
    home: pages.home ?? '',
    booking: pages.booking ?? '',
    homeHead: heads['home head'] ?? '',
    /** The build's check of the palette's contrast, which stops a build that fails it. */
    assertReadablePalette: look.assertReadablePalette,
    favicon: look.faviconSvg(),
    themeColor: look.themeColorTags(),
    deskCss: desk.DESK_CSS,
  }
}

/** What the site says for each company, rendered once for its tests. */
const sites = new Map<GeneratedCompany, ReturnType<typeof loadSite>>()
const siteOf = (generated: GeneratedCompany) => {
  const site = sites.get(generated) ?? loadSite(generated)
  sites.set(generated, site)
  return site
}

afterAll(() => {
  vi.doUnmock('#shared/company/company-facts.ts')
  vi.doUnmock('#shared/company/brand.ts')
  vi.resetModules()
})

const structuredData = (head: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(head)?.[1] ?? '{}')

it('has companies a fork could be, each passing the checks of the server and the build', () => {
  for (const { label, facts, accent } of generatedCompanies) {
    expect(companyOf(facts), label).toEqual(facts)
    expect(companyIdentityProblems(facts), label).toEqual([])
    expect(bookingFactsProblems(facts), label).toEqual([])
    expect(demoFactsInUse(facts), label).toEqual([])
    for (const address of [facts.inbox, facts.dataProtectionOfficer.email])
      expect(isEmailAddress(address), `${label}: ${address}`).toBe(true)
    expect(facts.phoneHref, label).toBe(`tel:+${facts.phone.replace(/\D/g, '')}`)
    expect(new URL(facts.siteUrl).pathname, label).toBe('/')
    expect(accent, label).toMatch(/^#[0-9a-f]{6}$/i)
  }
  // Between them, the edges a re-brand meets.
  const all = generatedCompanies.map(({ facts }) => facts)
  const articles = new Set(all.map(({ article }) => article))
  expect([...articles].sort()).toEqual(['', 'a', 'o'])
  const chats = all.map(({ whatsapp }) => whatsapp !== '')
  expect(chats).toContain(true)
  expect(chats).toContain(false)
  expect(all.map(({ consultationMinutes }) => consultationMinutes)).toEqual(
    expect.arrayContaining([15, 45, 90]),
  )
  expect(all.some(({ officeHours }) => officeHours.opens.endsWith(':30'))).toBe(true)
  expect(all.some(({ officeHours }) => officeHours.weekdays.length === 6)).toBe(true)
  expect(all.some(({ officeHours }) => officeHours.timeZone !== 'America/Sao_Paulo')).toBe(true)
  expect(all.map(({ replyPromiseHours }) => replyPromiseHours)).toEqual(
    expect.arrayContaining([12, 48]),
  )
  expect(all.some(({ name }) => name.length >= 40)).toBe(true)
  const accents = generatedCompanies.map(({ accent }) => accent)
  expect(accents.some((accent) => accent === accent.toUpperCase())).toBe(true)
  expect(accents.some((accent) => accent === accent.toLowerCase())).toBe(true)
})

/** What the site says of a company, in every form a visitor or a search engine reads it. */
const expectFactsShown = (
  { facts, says }: GeneratedCompany,
  site: Awaited<ReturnType<typeof siteOf>>,
) => {
  const name = nameInSentence(facts.name, facts.article)
  if (says) {
    expect(describeOfficeHours(facts.officeHours)).toBe(says.officeHours)
    expect(schemaOpeningHours(facts.officeHours)).toBe(says.openingHours)
    expect(describeHours(facts.replyPromiseHours)).toBe(says.replyPromise)
  }
  const { home, booking } = site
  for (const shown of [
    facts.name,
    `Por que escolher ${name.the}?`,
    `href="mailto:${facts.inbox}"`,
    facts.phone,
    `href="${facts.phoneHref}"`,
    `${facts.address.city}, ${facts.address.region}`,
    describeOfficeHours(facts.officeHours),
    `de ${facts.consultationMinutes} minutos`,
    `Nossa equipe responde em até ${describeHours(facts.replyPromiseHours)}.`,
    `Resposta em até ${describeHoursShort(facts.replyPromiseHours)}`,
    facts.legal.name,
    `CNPJ ${formatCnpj(facts.legal.cnpj)}`,
    facts.dataProtectionOfficer.name,
    `href="mailto:${facts.dataProtectionOfficer.email}`,
  ]) {
    expect(home, shown).toContain(shown)
  }
  expect(home).toContain(wordmark(facts.logoWords))
  // Its own mark and motif, drawn from its own name (decision 080), in the header and the hero.
  expect(home).toContain(`d="${nameMark(facts.logoWords).strokes[0]}"`)
  expect(site.favicon).toContain(`d="${nameMark(facts.logoWords).strokes[0]}"`)
  for (const letters of motifWords(facts.name)) expect(home).toContain(`>${letters}</text>`)
  expect(booking).toContain(name.with)
  expect(site.pages.privacy).toContain(`${name.The} é o nome comercial de ${facts.legal.name}`)
  expect(site.siteUrl).toBe(facts.siteUrl)
  expect(site.homeHead).toContain(`<link rel="canonical" href="${facts.siteUrl}/">`)
  // A chat link beside the phone, on the booking's confirmation and in the structured data,
  // only for a company with a WhatsApp number.
  const chat = `https://wa.me/${facts.whatsapp}?text=`
  const data = structuredData(site.homeHead)
  expect(data).toMatchObject({
    '@type': 'ProfessionalService',
    name: facts.name,
    url: `${facts.siteUrl}/`,
    telephone: facts.phone,
    address: {
      addressLocality: facts.address.city,
      addressRegion: facts.address.region,
      addressCountry: facts.address.country,
    },
    openingHours: schemaOpeningHours(facts.officeHours),
    contactPoint: facts.whatsapp
      ? { url: `https://wa.me/${facts.whatsapp}` }
      : { telephone: facts.phone },
  })
  if (facts.whatsapp) {
    expect(home).toContain(chat)
    expect(booking).toContain(chat)
  } else {
    for (const [where, text] of Object.entries(site.pages))
      expect(text, where).not.toContain('wa.me')
  }
  // The booking page names the company's clock.
  expect(booking).toContain(
    `data-company-zone="${zoneName(new Date(0), facts.officeHours.timeZone)}"`,
  )
  // The desk, under the company's name with its article, and the reply it sends in its name,
  // signed with its phone and inbox, with its WhatsApp only when it has one.
  const { desk } = site
  expect(desk['sign-in page']).toContain(`<title>Entrar · Painel · ${facts.name}</title>`)
  expect(desk['sign-in page']).toContain(`Acesso restrito à equipe ${name.of}.`)
  expect(desk['reply subject']).toBe(`Re: sua mensagem ${name.for}`)
  expect(desk['reply templates']).toContain(`Obrigado por escrever para ${name.the}.`)
  expect(desk['reply text']).toContain(`--\n${facts.name}\n${facts.phone}\n${facts.inbox}`)
  expect(desk['reply sender']).toBe(
    JSON.stringify([
      { name: facts.name, address: facts.inbox },
      { name: facts.name, address: facts.inbox },
    ]),
  )
  if (facts.whatsapp) expect(desk['reply text']).toContain(`WhatsApp: ${chat}`)
  else expect(`${desk['reply text']}${desk['reply html']}`).not.toContain('wa.me')
}

describe.each(generatedCompanies.map((generated) => [generated.label, generated] as const))(
  'a fork whose company is %s',
  (_, generated) => {
    it('shows its facts in every form, on every page and to search engines, and nothing of this company', async () => {
      const site = await siteOf(generated)
      expectFactsShown(generated, site)
      const left = spellingsLeftOf(company, generated.facts).filter(
        // A logo word may be a common one ("Software"): the logo is checked on its own below.
        ({ fact }) => fact !== 'logo word',
      )
      expect(spelledIn(site.pages, left)).toEqual([])
      expect(spelledIn(site.desk, left)).toEqual([])
      const oldWords = company.logoWords.filter(
        (logoWord) => !generated.facts.logoWords.includes(logoWord),
      )
      for (const logoWord of oldWords) expect(site.home).not.toContain(`<span>${logoWord}<!-- -->`)
      const ownTapes = motifWords(generated.facts.name)
      for (const letters of motifWords(company.name).filter((t) => !ownTapes.includes(t)))
        expect(site.home).not.toContain(`>${letters}</text>`)
    })

    it('takes its accent, in whatever case brand.ts writes it, for the favicon, theme-color and the desk', async () => {
      const site = await siteOf(generated)
      expect(site.assertReadablePalette).not.toThrow()
      const accent = generated.accent.toLowerCase()
      expect(site.favicon).toContain(`fill="${accent}"`)
      // One tag for both themes where their accents agree, else the light theme's first.
      expect(site.themeColor).toMatch(
        new RegExp(
          `^<meta name="theme-color" (media="\\(prefers-color-scheme: light\\)" )?content="${accent}" />`,
        ),
      )
      expect(site.deskCss).toContain(`--accent: ${accent};`)
      const old = brand.accent.toLowerCase()
      if (old !== accent) {
        for (const text of [site.favicon, site.themeColor, site.deskCss])
          expect(text.toLowerCase()).not.toContain(old)
      }
    })
  },
)

it('finds a fact of this company left on a page, as the checks above would', () => {
  const [generated] = generatedCompanies
  if (!generated) throw new Error('no generated company')
  const left = spellingsLeftOf(company, generated.facts)
  const page = `<footer>${factSpellings(company)
    .map(({ text }) => text)
    .join(' · ')}</footer>`
  const found = spelledIn({ page }, left)
  expect(found.length).toBeGreaterThan(10)
})
