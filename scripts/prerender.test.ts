/**
 * Checks the output of `npm run build`: the static pages must carry every text before any
 * JavaScript runs. The test command builds first; run `npm run build` when using Vitest alone.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { bookingPage, manageBookingPage } from '../src/content/booking-page.ts'
import { contactInfoCards } from '../src/content/contact-info.ts'
import { contactForm, contactSection } from '../src/content/contact.ts'
import { aboutSection, differentiators } from '../src/content/differentiators.ts'
import { navLinks } from '../src/content/navigation.ts'
import { notFoundPage } from '../src/content/not-found.ts'
import { privacyNotice } from '../src/content/privacy.ts'
import { services, servicesSection } from '../src/content/services.ts'
import { brand, hero, seo } from '../src/content/site.ts'
import { company } from '#shared/company/company.ts'

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')

function readBuilt(file: string): Document {
  const full = path.join(distDir, file)
  if (!existsSync(full)) {
    throw new Error(`${full} is missing: run \`npm run build\` before these tests.`)
  }
  return new DOMParser().parseFromString(readFileSync(full, 'utf8'), 'text/html')
}

const text = (doc: Document) => doc.body.textContent?.replace(/\s+/g, ' ') ?? ''

describe('dist/index.html', () => {
  it('holds every text of the five sections without running any script', () => {
    const doc = readBuilt('index.html')
    const body = text(doc)
    const expected = [
      ...navLinks.map((link) => link.label),
      ...brand.logoWords,
      hero.titleLead,
      hero.titleHighlight,
      hero.badge,
      hero.primaryCta.label,
      hero.secondaryCta.label,
      servicesSection.title,
      ...services.flatMap((s) => [s.title, s.description]),
      aboutSection.title,
      aboutSection.badge,
      aboutSection.experience,
      ...differentiators.flatMap((d) => [d.title, d.description]),
      contactSection.title,
      contactSection.badge,
      contactForm.title,
      contactForm.note,
      contactForm.submit,
      ...Object.values(contactForm.fields).map((field) => field.label),
      ...contactInfoCards.flatMap((card) => [card.title, card.value, card.detail]),
    ]
    for (const snippet of expected) expect(body).toContain(snippet)
    for (const id of ['home', 'services', 'about', 'contact']) {
      expect(doc.getElementById(id), `section #${id}`).not.toBeNull()
    }
    expect(doc.querySelectorAll('h1')).toHaveLength(1)
  })

  it('is described for search engines and link previews', () => {
    const doc = readBuilt('index.html')
    expect(doc.documentElement.lang).toBe('pt-BR')
    expect(doc.title).toBe(seo.title)
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      seo.description,
    )
    const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''
    expect(canonical).toMatch(/^https?:\/\/.+\/$/)
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(canonical)
    expect(doc.querySelector('meta[name="twitter:card"]')).not.toBeNull()
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.svg')
    const jsonLd = doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}'
    expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'ProfessionalService', name: brand.name })
  })

  it('loads nothing from another origin', () => {
    const doc = readBuilt('index.html')
    const assets = [
      ...[...doc.querySelectorAll('[src]')].map((el) => el.getAttribute('src') ?? ''),
      ...[...doc.querySelectorAll('link:not([rel="canonical"])')].map(
        (el) => el.getAttribute('href') ?? '',
      ),
    ]
    expect(assets.length).toBeGreaterThan(0)
    for (const url of assets) expect(url, url).toMatch(/^\/(?!\/)/)
  })
})

/** Every page the build writes (src/routes.ts). */
const pages = [
  'index.html',
  'privacidade/index.html',
  'contato/index.html',
  'contato/enviada/index.html',
  'contato/erro/index.html',
  'agendar/index.html',
  'agendar/gerenciar/index.html',
  '404.html',
]

describe.each(pages)('the scripts of dist/%s', (file) => {
  it("are the site's own files, started by one inline loader whose hash the page's policy names", () => {
    const doc = readBuilt(file)
    const inline = [...doc.querySelectorAll('script:not([src])')].filter(
      (script) => script.getAttribute('type') !== 'application/ld+json',
    )
    expect(inline).toHaveLength(1)
    const policy =
      doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? ''
    const hash = createHash('sha256')
      .update(inline[0]?.textContent ?? '')
      .digest('base64')
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(policy).not.toContain("'unsafe-eval'")
    expect(policy.split('; ').find((part) => part.startsWith('script-src'))).not.toContain(
      'unsafe-inline',
    )
    expect(inline[0]?.textContent).toContain(
      `import(${JSON.stringify(inline[0]?.getAttribute('data-page-script')?.split(' ')[0])})`,
    )
  })

  it('weigh at most 10 KB gzip before any interaction, and none of it is React', () => {
    const doc = readBuilt(file)
    const files = (
      doc.querySelector('script[data-page-script]')?.getAttribute('data-page-script') ?? ''
    ).split(' ')
    expect(files.length).toBeGreaterThan(0)
    const code = files.map((name) => readFileSync(path.join(distDir, name)))
    const gzipBytes = code.reduce((sum, c) => sum + gzipSync(c, { level: 9 }).length, 0)
    expect(gzipBytes).toBeLessThanOrEqual(10 * 1024)
    // Markers every build of React DOM carries: its element type and its DOM node keys.
    for (const c of code)
      expect(c.toString()).not.toMatch(/react\.transitional\.element|__reactFiber/)
  })
})

describe.each(pages)('the icons of dist/%s', (file) => {
  it('are each drawn from a symbol the page carries, or else from the file beside it', () => {
    const doc = readBuilt(file)
    for (const use of doc.querySelectorAll('use')) {
      const href = use.getAttribute('href') ?? ''
      const [url, id] = href.split('#')
      const symbols = url
        ? new DOMParser().parseFromString(
            readFileSync(path.join(distDir, url), 'utf8'),
            'image/svg+xml',
          )
        : doc
      expect(symbols.getElementById(id ?? '')?.tagName, `${file}: ${href}`).toBe('symbol')
    }
  })
})

describe('dist/404.html', () => {
  it('holds the not-found texts and is kept out of search results', () => {
    const doc = readBuilt('404.html')
    const body = text(doc)
    expect(body).toContain(notFoundPage.code)
    expect(body).toContain(notFoundPage.title)
    const home = [...doc.querySelectorAll('a')].find((a) => a.textContent === notFoundPage.homeLink)
    expect(home?.getAttribute('href')).toBe('/')
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
  })
})

describe('dist/privacidade/index.html', () => {
  it('holds the whole notice, with its own title, description and canonical URL', () => {
    const doc = readBuilt('privacidade/index.html')
    const body = text(doc)
    for (const snippet of [
      privacyNotice.title,
      privacyNotice.intro,
      ...privacyNotice.sections.flatMap((s) => [s.title, ...s.paragraphs, ...(s.items ?? [])]),
      privacyNotice.rights.title,
      ...privacyNotice.rights.items,
      privacyNotice.rights.authority,
    ]) {
      expect(body).toContain(snippet)
    }
    expect(doc.documentElement.lang).toBe('pt-BR')
    expect(doc.title).toBe(privacyNotice.documentTitle)
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      privacyNotice.description,
    )
    const home =
      readBuilt('index.html').querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''
    const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href')
    expect(canonical).toBe(`${home}privacidade`)
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(canonical)
    expect(doc.querySelector('meta[name="robots"]')).toBeNull()
    expect(doc.querySelector('[data-island]')).toBeNull()
    const sitemap = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain(`<loc>${canonical}</loc>`)
  })
})

describe('the pages of a form sent without script', () => {
  const policyOf = (doc: Document) =>
    doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? ''

  it('let every page post the form to this origin only, as the embedded build does', () => {
    for (const file of pages) {
      expect(policyOf(readBuilt(file)).split('; '), file).toContain("form-action 'self'")
    }
    const form = readBuilt('contato/index.html').querySelector('#contact form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/contato')
    expect(readBuilt('index.html').querySelector('#contact form')?.getAttribute('action')).toBe(
      '/contato',
    )
  })

  it('list the contact page in the sitemap, and keep the thank-you and error pages out of search', () => {
    const sitemap = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')
    expect(sitemap).toMatch(/<loc>[^<]*\/contato<\/loc>/)
    expect(sitemap).not.toContain('enviada')
    expect(sitemap).not.toContain('erro')
    for (const file of ['contato/enviada/index.html', 'contato/erro/index.html']) {
      expect(readBuilt(file).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex',
      )
    }
    expect(readBuilt('contato/index.html').querySelector('meta[name="robots"]')).toBeNull()
  })

  it("keep the server's copy of the contact page beside the server, out of what is published", () => {
    const template = path.join(distDir, '..', 'dist-server', 'contact-page.json')
    expect(existsSync(template)).toBe(true)
    const { html } = JSON.parse(readFileSync(template, 'utf8')) as { html: string }
    expect(html).toContain('%%contact-message%%')
    const published = readdirSync(distDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => readFileSync(file, 'utf8').includes('%%contact-'))
    expect(published).toEqual([])
  })
})

describe('the booking pages', () => {
  const home = () =>
    readBuilt('index.html').querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''
  const meta = (doc: Document, selector: string) =>
    doc.querySelector(`meta[${selector}]`)?.getAttribute('content')

  it('give /agendar a preview of its own where a link to it is shared, and list it for search', () => {
    const doc = readBuilt('agendar/index.html')
    const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href')
    expect(canonical).toBe(`${home()}agendar`)
    expect(doc.title).toBe(bookingPage.documentTitle)
    expect(meta(doc, 'name="description"')).toBe(bookingPage.description)
    expect(meta(doc, 'property="og:title"')).toBe(bookingPage.documentTitle)
    expect(meta(doc, 'property="og:description"')).toBe(bookingPage.description)
    expect(meta(doc, 'property="og:url"')).toBe(canonical)
    expect(meta(doc, 'property="og:type"')).toBe('website')
    expect(meta(doc, 'property="og:locale"')).toBe(seo.locale)
    expect(meta(doc, 'property="og:site_name"')).toBe(brand.name)
    // The card X shows for a pasted link.
    expect(meta(doc, 'name="twitter:title"')).toBe(bookingPage.documentTitle)
    expect(meta(doc, 'name="twitter:description"')).toBe(bookingPage.description)
    expect(doc.querySelector('meta[name="robots"]')).toBeNull()
    const sitemap = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain(`<loc>${canonical}</loc>`)
    expect(sitemap).not.toContain('gerenciar')
  })

  it('keep the page behind a manage link out of search results', () => {
    const doc = readBuilt('agendar/gerenciar/index.html')
    expect(doc.title).toBe(manageBookingPage.documentTitle)
    expect(meta(doc, 'name="robots"')).toBe('noindex')
  })

  it("link the agenda from the landing page's meeting card", () => {
    const doc = readBuilt('index.html')
    const card = [...doc.querySelectorAll('#contact a')].find(
      (link) => link.getAttribute('href') === '/agendar',
    )
    expect(card?.textContent).toBe(`Consultoria gratuita de ${company.consultationMinutes} minutos`)
  })

  it("keep the picker's code, and the data client's, off the landing page's one script", () => {
    const scriptsOf = (file: string) =>
      (
        readBuilt(file)
          .querySelector('script[data-page-script]')
          ?.getAttribute('data-page-script') ?? ''
      )
        .split(' ')
        .map((name) => readFileSync(path.join(distDir, name), 'utf8'))
    const landing = scriptsOf('index.html')
    expect(landing).toHaveLength(1)
    // The page view's beacon (decision 033) is the one rpc route it names, by a plain URL.
    for (const code of landing) {
      expect(code).not.toMatch(/booking_free_times|PostgrestClient|rpc\/(?!count_page_view)/)
    }
    // The booking page reads the free times up front, through the official client's rpc.
    expect(scriptsOf('agendar/index.html').join('')).toContain('booking_free_times')
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('point at the same site URL as the canonical link', () => {
    const canonical =
      readBuilt('index.html').querySelector('link[rel="canonical"]')?.getAttribute('href') ?? ''
    const robots = readFileSync(path.join(distDir, 'robots.txt'), 'utf8')
    const sitemap = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')
    expect(robots).toContain(`Sitemap: ${canonical}sitemap.xml`)
    expect(sitemap).toContain(`<loc>${canonical}</loc>`)
  })
})
