import { Hono } from 'hono'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths, withCountNotice, withNotice } from '../../desk-paths.ts'
import { noticeFor, type NoticeMessage } from '../../layout/notices.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderPage } from '../../http/render.ts'
import { readLocalDateTime } from '../../http/request-values.ts'
import { readAgendaClock } from '../agenda-store.ts'
import { releaseBookings } from '../booking-actions.ts'
import { previewReleaseSince } from '../release-preview.ts'
import { ReleasePage } from '../pages/release-page.tsx'

const copy = agendaCopy.release

/**
 * Freeing everything booked since an instant, during a flood: GET shows what would go (nothing
 * changes), POST with the confirmation frees it (private.release_bookings), e-mailing no one.
 */
export const createReleaseRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()

  app.get('/agenda/liberar', async (c) => {
    const { zone } = await readAgendaClock(deps.db)
    const csrfToken = c.get('session').csrfToken
    const typed = c.req.query('desde')
    if (typed === undefined) return renderPage(c, ReleasePage({ zone, csrfToken }))
    const local = readLocalDateTime(typed)
    if (local === undefined) {
      const notice: NoticeMessage = { tone: 'error', text: copy.sinceInvalid }
      return renderPage(c, ReleasePage({ zone, csrfToken, notice }), 400)
    }
    const preview = await previewReleaseSince(deps.db, local)
    const notice = noticeFor(c.req.query('aviso'), undefined)
    return renderPage(c, ReleasePage({ zone, csrfToken, since: typed, preview, notice }))
  })

  app.post('/agenda/liberar', async (c) => {
    const body = await c.req.parseBody()
    const typed = typeof body.desde === 'string' ? body.desde : ''
    const local = readLocalDateTime(typed)
    if (local === undefined) return c.redirect(`${deskPaths.releaseSince}?desde=`, 303)
    if (body.confirm !== '1') {
      return c.redirect(withNotice(deskPaths.releaseSincePreview(typed), 'liberar-confirme'), 303)
    }
    const { since } = await previewReleaseSince(deps.db, local)
    const released = await releaseBookings(deps.db, { since })
    deps.log.info('bookings_released', { by: 'since', bookings: released })
    return c.redirect(
      withCountNotice(deskPaths.agenda, released, 'liberadas', 'nada-liberado'),
      303,
    )
  })
  return app
}
