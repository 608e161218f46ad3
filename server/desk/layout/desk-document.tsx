/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx'
import { layoutCopy } from './layout-copy.ts'
import { deskPaths } from '../desk-paths.ts'
import { AgendaNavLink } from '../agenda/pages/agenda-nav-link.tsx'
import { QuarantineNavLink } from '../quarantine/pages/quarantine-nav-link.tsx'
import { IncidentBanner } from '../incidents/pages/incident-banner.tsx'
import { NavLink } from './desk-nav.tsx'
import { MailWarning } from './mail-warning.tsx'
import { STYLESHEET_HREF } from './stylesheet.ts'
import type { NoticeMessage } from './notices.ts'

interface DeskDocumentProps {
  title: string
  /** The session's CSRF token when signed in: the header then offers to sign out. */
  csrfToken?: string
  children: Child
}

/** The page shell every desk page shares: no script, one stylesheet, a skip link. */
export const DeskDocument = ({ title, csrfToken, children }: DeskDocumentProps) => (
  <html lang={layoutCopy.lang}>
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <title>{`${title} · ${layoutCopy.brand}`}</title>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" href={STYLESHEET_HREF} />
    </head>
    <body>
      <a class="skip-link" href="#conteudo">
        {layoutCopy.skipLink}
      </a>
      <header class="topbar">
        <p class="brand">{layoutCopy.brand}</p>
        {csrfToken !== undefined && (
          <nav aria-label={layoutCopy.layout.navLabel}>
            <NavLink href={deskPaths.home}>{layoutCopy.layout.overview}</NavLink>
            <NavLink href={deskPaths.leadsCleared}>{layoutCopy.layout.leads}</NavLink>
            <AgendaNavLink />
            <QuarantineNavLink />
            <NavLink href={deskPaths.webhooks}>{layoutCopy.layout.webhooks}</NavLink>
            <form method="post" action={deskPaths.logout}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit">{layoutCopy.layout.signOut}</button>
            </form>
            <form method="post" action={deskPaths.logoutEverywhere}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit">{layoutCopy.layout.signOutEverywhere}</button>
            </form>
          </nav>
        )}
      </header>
      {csrfToken !== undefined && <IncidentBanner csrfToken={csrfToken} />}
      <main id="conteudo" tabindex={-1}>
        {csrfToken !== undefined && <MailWarning />}
        {children}
      </main>
    </body>
  </html>
)

/** A success note (status) or a problem (alert), read out by screen readers either way. */
export const Notice = ({ tone, text }: NoticeMessage) => (
  <p class={`notice notice-${tone}`} role={tone === 'ok' ? 'status' : 'alert'}>
    {text}
  </p>
)
