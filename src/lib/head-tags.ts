import { company, type Company } from '#shared/company/company.ts'
import { whatsappLink } from '#shared/company/whatsapp.ts'
import { bookingPage, manageBookingPage } from '../content/booking-page.ts'
import { schemaOpeningHours } from '../content/office-hours.ts'
import { contactPage, contactRefusedPage, contactSentPage } from '../content/contact-pages.ts'
import { notFoundPage } from '../content/not-found.ts'
import { privacyNotice } from '../content/privacy.ts'
import { projects } from '../content/projects/index.ts'
import { projectsText } from '../content/projects-page.ts'
import { shareCards, shareImage } from '../content/share-cards.ts'
import { brand, seo } from '../content/site.ts'
import {
  bookingRoute,
  contactRoute,
  isListed,
  privacyRoute,
  projectsRoute,
  type ListedPageKind,
  type PageKind,
  type UnlistedPageKind,
} from '../routes.ts'
import { projectsStructuredData } from './project-structured-data.ts'

export const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** `</script>` inside JSON-LD would end the script element early; escaping `<` prevents it. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export function normalizeSiteUrl(siteUrl: string): string {
  return new URL(siteUrl).toString().replace(/\/+$/, '')
}

/**
 * A company as search engines read it (schema.org): a ProfessionalService, the LocalBusiness
 * a software house is, with its office hours, all of Brazil as the area it serves (remotely,
 * from its city) and the ways to reach it, WhatsApp included when it has a number. The razão
 * social and CNPJ are in the footer's text beside it, not repeated here: the landing page is at
 * its 14 kB budget. The same facts the page shows; they should match the company's Google
 * Business Profile.
 */
export function companyStructuredData(facts: Company, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: facts.name,
    url: `${siteUrl}/`,
    telephone: facts.phone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: facts.address.city,
      addressRegion: facts.address.region,
      addressCountry: facts.address.country,
    },
    areaServed: 'BR',
    openingHours: schemaOpeningHours(facts.officeHours),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      // The chat's bare address, or the phone (which the company's own fields give too): the
      // landing page is at its 14 kB budget (HTML and first screen's CSS, gzip).
      ...(whatsappLink(facts.whatsapp)
        ? { url: `https://wa.me/${facts.whatsapp}` }
        : { telephone: facts.phone }),
    },
  }
}

/** Pages that only answer a form (and the 404): a title, and out of search results. */
const unlistedTitles: Record<UnlistedPageKind, string> = {
  'not-found': notFoundPage.documentTitle,
  'contact-sent': contactSentPage.documentTitle,
  'contact-refused': contactRefusedPage.documentTitle,
  'manage-booking': manageBookingPage.documentTitle,
}

const describedPages = (
  siteUrl: string,
  refused: boolean,
): Record<ListedPageKind, { title: string; description: string; url: string }> => ({
  home: { title: seo.title, description: seo.description, url: `${siteUrl}/` },
  privacy: {
    title: privacyNotice.documentTitle,
    description: privacyNotice.description,
    url: `${siteUrl}${privacyRoute.url}`,
  },
  contact: {
    // The form shown again after a refusal says so first, where a screen reader starts.
    title: refused ? contactPage.refusedDocumentTitle : contactPage.documentTitle,
    description: contactPage.description,
    url: `${siteUrl}${contactRoute.url}`,
  },
  booking: {
    title: bookingPage.documentTitle,
    description: bookingPage.description,
    url: `${siteUrl}${bookingRoute.url}`,
  },
  projects: {
    title: projectsText.index.documentTitle,
    description: projectsText.index.description,
    url: `${siteUrl}${projectsRoute.url}`,
  },
})

export interface ListedHead {
  title: string
  description: string
  url: string
  /** The share image's absolute URL and its text alternative. */
  image: string
  imageAlt: string
  /** 'article' for a project's story, else 'website'. */
  ogType?: 'website' | 'article'
  structuredData?: unknown
}

/** The tags of a page search engines list and links are shared to. */
export function listedHeadTags({
  title,
  description,
  url,
  image,
  imageAlt,
  ogType = 'website',
  structuredData,
}: ListedHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(content)}">`
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttr(url)}">`,
    meta('property', 'og:type', ogType),
    meta('property', 'og:locale', seo.locale),
    meta('property', 'og:site_name', brand.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(shareImage.width)),
    meta('property', 'og:image:height', String(shareImage.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    ...(structuredData
      ? [`<script type="application/ld+json">${jsonForScript(structuredData)}</script>`]
      : []),
  ].join('\n    ')
}

/**
 * The `<head>` tags that depend on the page and on SITE_URL, written into the static HTML.
 * `refused`: the contact page as the Node server shows it again after a refusal.
 */
export function renderHeadTags(
  page: PageKind,
  rawSiteUrl: string,
  { refused = false }: { refused?: boolean } = {},
): string {
  const siteUrl = normalizeSiteUrl(rawSiteUrl)
  if (!isListed(page)) {
    return [
      `<title>${escapeAttr(unlistedTitles[page])}</title>`,
      '<meta name="robots" content="noindex">',
    ].join('\n    ')
  }
  const { title, description, url } = describedPages(siteUrl, refused)[page]
  // The company is described once, on its home page; the projects' index lists them.
  const structuredData =
    page === 'home'
      ? companyStructuredData(company, siteUrl)
      : page === 'projects'
        ? projectsStructuredData(projects, siteUrl)
        : undefined
  return listedHeadTags({
    title,
    description,
    url,
    // Drawn at build time for each listed page (scripts/brand/share-images.ts).
    image: `${siteUrl}${shareImage.path(page)}`,
    imageAlt: shareImage.alt(shareCards[page]),
    structuredData,
  })
}

export function renderRobotsTxt(rawSiteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${normalizeSiteUrl(rawSiteUrl)}/sitemap.xml\n`
}

export function renderSitemapXml(rawSiteUrl: string, paths: readonly string[]): string {
  const urls = paths
    .map((path) => `  <url><loc>${escapeAttr(normalizeSiteUrl(rawSiteUrl) + path)}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}
