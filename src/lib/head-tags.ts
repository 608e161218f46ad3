import { bookingPage, manageBookingPage } from '../content/booking-page.ts'
import { contactPage, contactRefusedPage, contactSentPage } from '../content/contact-pages.ts'
import { notFoundPage } from '../content/not-found.ts'
import { privacyNotice } from '../content/privacy.ts'
import { shareCards, shareImage } from '../content/share-cards.ts'
import { brand, contactFacts, seo } from '../content/site.ts'
import {
  bookingRoute,
  contactRoute,
  isListed,
  privacyRoute,
  type ListedPageKind,
  type PageKind,
  type UnlistedPageKind,
} from '../routes.ts'

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** `</script>` inside JSON-LD would end the script element early; escaping `<` prevents it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export function normalizeSiteUrl(siteUrl: string): string {
  return new URL(siteUrl).toString().replace(/\/+$/, '')
}

function organization(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    description: seo.description,
    email: contactFacts.email,
    telephone: contactFacts.phone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: contactFacts.address.city,
      addressRegion: contactFacts.address.region,
      addressCountry: contactFacts.address.country,
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
})

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
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(content)}">`
  // Drawn at build time for each listed page (scripts/brand/share-images.ts).
  const image = `${siteUrl}${shareImage.path(page)}`
  const imageAlt = shareImage.alt(shareCards[page])
  return [
    `<title>${escapeAttr(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttr(url)}">`,
    meta('property', 'og:type', 'website'),
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
    // The company is described once, on its home page.
    ...(page === 'home'
      ? [`<script type="application/ld+json">${jsonForScript(organization(siteUrl))}</script>`]
      : []),
  ].join('\n    ')
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
