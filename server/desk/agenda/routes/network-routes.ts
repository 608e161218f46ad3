import { Hono } from 'hono'
import { deskPaths, withNotice } from '../../desk-paths.ts'
import type { DeskDeps, DeskEnv } from '../../http/desk-env.ts'
import { renderFormPage } from '../../http/form-page.ts'
import { readBookingId, readFormText, readNetwork } from '../../http/request-values.ts'
import { readAgendaClock } from '../agenda-store.ts'
import { blockNetwork, readNetworkOverview, unblockNetwork } from '../networks.ts'
import { NetworksPage } from '../pages/networks-page.tsx'

/** Reasons are for the team's memory only: a line, cut at the database's limit. */
const REASON_LIMIT = 200

/**
 * The networks bookings come from, and blocking one in one action (decision 038): a POST from
 * the networks page or from a booking's page (which it then goes back to). Logs carry
 * outcomes and counts, never the network.
 */
export const createNetworkRoutes = (deps: DeskDeps) => {
  const app = new Hono<DeskEnv>()

  app.get('/agenda/redes', async (c) => {
    const [overview, clock] = await Promise.all([
      readNetworkOverview(deps.db),
      readAgendaClock(deps.db),
    ])
    return renderFormPage(c, NetworksPage, { overview, zone: clock.zone })
  })

  app.post('/agenda/redes/bloquear', async (c) => {
    const body = await c.req.parseBody()
    const booking = readBookingId(typeof body.reuniao === 'string' ? body.reuniao : undefined)
    const back = booking === undefined ? deskPaths.networks : deskPaths.booking(booking)
    const network = readNetwork(body.rede)
    if (network === undefined) return c.redirect(withNotice(back, 'rede-invalida'), 303)
    const reason = Array.from(readFormText(body.motivo).replace(/\n/g, ' '))
      .slice(0, REASON_LIMIT)
      .join('')
    const outcome = await blockNetwork(deps.db, network, reason, body.liberar === '1')
    if (!outcome.ok) {
      deps.log.info('network_block_refused', { problem: outcome.problem })
      return c.redirect(
        withNotice(back, outcome.problem === 'too_wide' ? 'rede-larga' : 'rede-invalida'),
        303,
      )
    }
    deps.log.info('network_blocked', { released: outcome.released })
    return c.redirect(withNotice(back, 'rede-bloqueada', `&n=${outcome.released}`), 303)
  })

  app.post('/agenda/redes/desbloquear', async (c) => {
    const network = readNetwork((await c.req.parseBody()).rede)
    if (network === undefined)
      return c.redirect(withNotice(deskPaths.networks, 'rede-invalida'), 303)
    const lifted = await unblockNetwork(deps.db, network)
    deps.log.info('network_unblocked', { lifted })
    return c.redirect(withNotice(deskPaths.networks, 'rede-desbloqueada'), 303)
  })
  return app
}
