import { Hono, type Context } from 'hono'
import { deskPaths, withNotice, type Notice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { renderErrorPage } from '../../http/render.ts'
import {
  readBookingId,
  readFormText,
  readOutcome,
  readReleaseScope,
} from '../../http/request-values.ts'
import { NOTE_LIMIT } from '../../leads/lead.ts'
import { setLeadNote } from '../../leads/lead-store.ts'
import { findBooking, readAgendaClock } from '../agenda-store.ts'
import {
  CANCEL_MESSAGE_LIMIT,
  cancelBooking,
  recordOutcome,
  releaseBookings,
  releaseTargetsOf,
  type CancelOutcome,
  type OutcomeResult,
} from '../booking-actions.ts'
import { BookingPage } from '../pages/booking-page.tsx'

const CANCEL_NOTICE: Record<Exclude<CancelOutcome, 'not_found'>, Notice> = {
  cancelled: 'reuniao-cancelada',
  already_cancelled: 'ja-cancelada',
  started: 'ja-passou',
}

const OUTCOME_NOTICE: Record<Exclude<OutcomeResult, 'not_found'>, Notice> = {
  saved: 'resultado',
  not_started: 'resultado-cedo',
  cancelled: 'ja-cancelada',
}

/**
 * One meeting: its page, and what the company does with it: cancel with a message to the
 * visitor, record how it went, keep a note, free the junk it belongs to. Ids in URLs are
 * UUIDs (anything else is 404 before the database); logs carry counts and outcomes only.
 */
export const createBookingRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()
  const notFound = (c: Context<DeskEnv>) =>
    renderErrorPage(c, 404, c.get('session').csrfToken, 'booking')
  const idOf = (c: Context<DeskEnv>) => readBookingId(c.req.param('id'))
  const back = (c: Context<DeskEnv>, id: string, notice: Notice, extra = '') =>
    c.redirect(withNotice(deskPaths.booking(id), notice, extra), 303)

  app.get('/agenda/reunioes/:id', async (c) => {
    const id = idOf(c)
    const booking = id === undefined ? undefined : await findBooking(deps.db, id)
    if (!booking) return notFound(c)
    const clock = await readAgendaClock(deps.db)
    return renderFormPage(c, BookingPage, { booking, zone: clock.zone })
  })

  app.post('/agenda/reunioes/:id/cancelar', async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const body = await c.req.parseBody()
    const message = readFormText(body.mensagem)
    if (Array.from(message).length > CANCEL_MESSAGE_LIMIT) return back(c, id, 'mensagem-longa')
    if (body.confirm !== '1') return back(c, id, 'cancelar-confirme')
    const outcome = await cancelBooking(deps.db, id, message)
    deps.log.info('booking_cancelled_by_company', { outcome })
    if (outcome === 'not_found') return notFound(c)
    return back(c, id, CANCEL_NOTICE[outcome])
  })

  app.post('/agenda/reunioes/:id/resultado', async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const outcome = readOutcome((await c.req.parseBody()).resultado)
    if (outcome === undefined) return c.text('Bad Request', 400)
    const result = await recordOutcome(deps.db, id, outcome)
    if (result === 'not_found') return notFound(c)
    return back(c, id, OUTCOME_NOTICE[result])
  })

  app.post('/agenda/reunioes/:id/nota', async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const text = readFormText((await c.req.parseBody()).note)
    if (Array.from(text).length > NOTE_LIMIT) return back(c, id, 'nota-longa')
    const booking = await findBooking(deps.db, id)
    if (!booking || !(await setLeadNote(deps.db, booking.leadId, text))) return notFound(c)
    return back(c, id, 'nota')
  })

  app.post('/agenda/reunioes/:id/liberar', async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const body = await c.req.parseBody()
    const scope = readReleaseScope(body.por)
    if (scope === undefined) return c.text('Bad Request', 400)
    if (body.confirm !== '1') return back(c, id, 'liberar-confirme')
    const targets = await releaseTargetsOf(deps.db, id)
    if (!targets) return notFound(c)
    if (scope === 'endereco' && targets.addressKey === null) return c.text('Bad Request', 400)
    const released = await releaseBookings(
      deps.db,
      scope === 'email' ? { email: targets.email } : { address: targets.addressKey ?? '' },
    )
    deps.log.info('bookings_released', { by: scope, bookings: released })
    return released > 0 ? back(c, id, 'liberadas', `&n=${released}`) : back(c, id, 'nada-liberado')
  })
  return app
}
