import { Hono, type Context } from 'hono'
import { agendaCopy } from '../agenda-copy.ts'
import { deskPaths, withNotice } from '../../desk-paths.ts'
import { noticeFor, type NoticeMessage } from '../../layout/notices.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderErrorPage, renderPage } from '../../http/render.ts'
import { readDay, readFormText } from '../../http/request-values.ts'
import { readAgendaClock } from '../agenda-store.ts'
import { CANCEL_MESSAGE_LIMIT } from '../booking-actions.ts'
import {
  CLOSED_DAY_REASON_LIMIT,
  closeDay,
  listClosedDays,
  listHolidaysAhead,
  reopenDay,
} from '../closed-days.ts'
import { ClosedDaysPage, type CloseDayDraft } from '../pages/closed-days-page.tsx'

const copy = agendaCopy.closedDays

/**
 * Days the company closes: list, close one (refused while it has meetings, unless the operator
 * ticks the box to cancel them with notice: decision 030), reopen one.
 */
export const createClosedDayRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()

  const render = async (
    c: Context<DeskEnv>,
    {
      notice,
      draft,
      status = 200,
    }: { notice?: NoticeMessage; draft?: CloseDayDraft; status?: 200 | 400 | 409 },
  ) => {
    const [clock, closedDays, holidays, replyClock] = await Promise.all([
      readAgendaClock(deps.db),
      listClosedDays(deps.db),
      listHolidaysAhead(deps.db),
      deps.db.query<{ reply_clock: string }>('select reply_clock from private.reply_settings'),
    ])
    return renderPage(
      c,
      ClosedDaysPage({
        closedDays,
        holidays,
        today: clock.today,
        lastDay: clock.lastDay,
        zone: clock.zone,
        replyInOfficeHours: replyClock.rows[0]?.reply_clock === 'business',
        csrfToken: c.get('session').csrfToken,
        notice,
        draft,
      }),
      status,
    )
  }

  app.get('/agenda/fechamentos', (c) =>
    render(c, { notice: noticeFor(c.req.query('aviso'), c.req.query('n')) }),
  )

  app.post('/agenda/fechamentos', async (c) => {
    const body = await c.req.parseBody()
    const typedDay = typeof body.dia === 'string' ? body.dia : ''
    const reason = readFormText(body.motivo).replace(/\s+/g, ' ').trim()
    const message = readFormText(body.mensagem)
    const draft = { day: typedDay, reason, message, meetings: [] }
    const refuse = (text: string) =>
      render(c, { notice: { tone: 'error', text }, draft, status: 400 })
    const day = readDay(body.dia)
    if (day === undefined) return refuse(copy.dayInvalid)
    if (Array.from(reason).length > CLOSED_DAY_REASON_LIMIT) return refuse(copy.reasonTooLong)
    if (Array.from(message).length > CANCEL_MESSAGE_LIMIT) return refuse(copy.messageTooLong)
    const result = await closeDay(deps.db, day, reason, body.cancelar === '1', message)
    if ('refused' in result) return refuse(copy.dayPassed)
    if (!result.closed) {
      return render(c, { draft: { ...draft, meetings: result.meetings }, status: 409 })
    }
    deps.log.info('booking_day_closed', { cancelled: result.cancelled })
    return c.redirect(
      withNotice(
        deskPaths.closedDays,
        'dia-fechado',
        result.cancelled > 0 ? `&n=${result.cancelled}` : '',
      ),
      303,
    )
  })

  app.post('/agenda/fechamentos/:dia/reabrir', async (c) => {
    const day = readDay(c.req.param('dia'))
    if (day === undefined) return renderErrorPage(c, 404, c.get('session').csrfToken, 'page')
    const reopened = await reopenDay(deps.db, day)
    return c.redirect(
      reopened ? withNotice(deskPaths.closedDays, 'dia-reaberto') : deskPaths.closedDays,
      303,
    )
  })
  return app
}
