import { notFoundPage } from '../content/not-found.ts'
import { privacyNotice } from '../content/privacy.ts'
import { brand, contactFacts, seo } from '../content/site.ts'
import { privacyRoute, type PageKind } from '../routes.ts'

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

/** The `<head>` tags that depend on the page and on SITE_URL, written into the static HTML. */
export function renderHeadTags(page: PageKind, rawSiteUrl: string): string {
  const siteUrl = normalizeSiteUrl(rawSiteUrl)
  if (page === 'not-found') {
    return [
      `<title>${escapeAttr(notFoundPage.documentTitle)}</title>`,
      '<meta name="robots" content="noindex">',
    ].join('\n    ')
  }
  const { title, description, url } =
    page === 'privacy'
      ? {
          title: privacyNotice.documentTitle,
          description: privacyNotice.description,
          url: `${siteUrl}${privacyRoute.url}`,
        }
      : { title: seo.title, description: seo.description, url: `${siteUrl}/` }
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(content)}">`
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
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
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
