/** @jsxImportSource hono/jsx */
import type { MiddlewareHandler } from 'hono'
import { layoutCopy } from './layout-copy.ts'
import type { DeskDeps, DeskEnv } from '../http/desk-env.ts'
import { useDeskNav } from './desk-nav.tsx'

/**
 * Every signed-in page says so while this server's e-mail reaches nobody: in production
 * without SMTP_URL (nothing is sent; leads show as not sent, with the reason), and in
 * development, where e-mails are only written as files.
 */
export const warnWhenMailReachesNobody =
  (deps: Pick<DeskDeps, 'mailDelivery' | 'outboxDir'>): MiddlewareHandler<DeskEnv> =>
  async (c, next) => {
    const { mailDelivery, outboxDir } = deps
    if (mailDelivery === 'off')
      c.set('deskNav', { ...c.get('deskNav'), mailWarning: { delivery: 'off' } })
    if (mailDelivery === 'outbox' && outboxDir) {
      c.set('deskNav', {
        ...c.get('deskNav'),
        mailWarning: { delivery: 'outbox', folder: outboxDir },
      })
    }
    await next()
  }

/** The warning itself, above the page's own content. */
export const MailWarning = () => {
  const warning = useDeskNav().mailWarning
  if (!warning) return null
  return (
    <p
      class="notice notice-error mail-warning"
      role={warning.delivery === 'off' ? 'alert' : 'status'}
    >
      {warning.delivery === 'off'
        ? layoutCopy.layout.mailWarning.off
        : layoutCopy.layout.mailWarning.outbox(warning.folder)}
    </p>
  )
}
