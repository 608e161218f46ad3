import type { Queryable } from '../../db/database.ts'

/**
 * Where bookings come from, by network (an IPv6 /48, an IPv4 /24: what the booking limits
 * count, decision 038), and the networks the company blocked: what the agenda's networks page
 * shows, so an attack is seen and stopped in one action.
 */

/** The window the page looks back over. */
export const NETWORK_WINDOW_HOURS = 24

/** Networks listed at most, the busiest first. */
export const NETWORK_LIST_LIMIT = 50

export interface NetworkActivity {
  /** '2001:db8:1::/48', '203.0.113.0/24'. */
  network: string
  /** Bookings made from it in the window, whatever became of them. */
  booked: number
  /** Holds waiting for their confirmation now. */
  waiting: number
  /** Holds of the window never confirmed in time. */
  unconfirmed: number
  /** Bookings of the window confirmed from the inbox. */
  confirmed: number
  /** How many addresses (IPv6 /64s or IPv4 addresses) of it booked. */
  addresses: number
  lastAt: Date
  blocked: boolean
}

export interface BlockedNetwork {
  network: string
  reason: string | null
  blockedAt: Date
  blockedUntil: Date | null
}

export interface NetworkOverview {
  activity: NetworkActivity[]
  /** Bookings of the window from callers whose address is not known. */
  unknown: number
  blocked: BlockedNetwork[]
}

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value))

export const readNetworkOverview = async (db: Queryable): Promise<NetworkOverview> => {
  // The figures come as the page shows them; only the instant is named and typed otherwise.
  const activity = await db.query<Omit<NetworkActivity, 'lastAt'> & { last_at: Date | string }>(
    `select b.client_network as network,
            count(*)::integer as booked,
            count(*) filter (where b.status = 'pending' and b.hold_until > now())::integer
              as waiting,
            count(*) filter (where private.booking_state(b, now()) = 'expired')::integer
              as unconfirmed,
            count(*) filter (where b.confirmed_at is not null)::integer as confirmed,
            count(distinct b.client_key)::integer as addresses,
            max(b.created_at) as last_at,
            private.is_network_blocked(min(b.client_key)) as blocked
       from public.bookings b
      where b.created_at > now() - make_interval(hours => $1)
        and b.client_network is not null
      group by b.client_network
      order by count(*) desc, max(b.created_at) desc
      limit $2`,
    [NETWORK_WINDOW_HOURS, NETWORK_LIST_LIMIT],
  )
  const unknown = await db.query<{ total: number }>(
    `select count(*)::integer as total from public.bookings b
      where b.created_at > now() - make_interval(hours => $1) and b.client_key is null`,
    [NETWORK_WINDOW_HOURS],
  )
  const blocked = await db.query<{
    network: string
    reason: string | null
    blocked_at: Date | string
    blocked_until: Date | string | null
  }>(
    `select n.network::text as network, n.reason, n.blocked_at, n.blocked_until
       from private.blocked_networks n
      where n.blocked_until is null or n.blocked_until > now()
      order by n.blocked_at desc`,
  )
  return {
    activity: activity.rows.map(({ last_at: lastAt, ...row }) => ({
      ...row,
      lastAt: dateOf(lastAt),
    })),
    unknown: unknown.rows[0]?.total ?? 0,
    blocked: blocked.rows.map((row) => ({
      network: row.network,
      reason: row.reason,
      blockedAt: dateOf(row.blocked_at),
      blockedUntil: row.blocked_until === null ? null : dateOf(row.blocked_until),
    })),
  }
}

/** Days a block lasts: addresses change hands, and a forgotten block must end by itself. */
export const BLOCK_DAYS = 30

export type BlockOutcome =
  { ok: true; network: string; released: number } | { ok: false; problem: 'invalid' | 'too_wide' }

/**
 * Blocks a network for BLOCK_DAYS (private.block_network): from the commit on, nobody from it
 * may book, confirm, move or cancel, or send the contact form. With `release`, its meetings and
 * holds still to come are freed too, telling no one (the addresses may be strangers').
 */
export const blockNetwork = async (
  db: Queryable,
  network: string,
  reason: string,
  release: boolean,
): Promise<BlockOutcome> => {
  try {
    const { rows } = await db.query<{ network: string; released: number }>(
      `select private.block_network($1, $2, $3) as network,
              case when $4 then private.release_network_bookings($1) else 0 end as released`,
      [network, reason.trim() === '' ? null : reason, BLOCK_DAYS, release],
    )
    const row = rows[0]
    return row ? { ok: true, ...row } : { ok: false, problem: 'invalid' }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === '22023' || code === '22P02') return { ok: false, problem: 'invalid' }
    if (code === '23514') return { ok: false, problem: 'too_wide' }
    throw error
  }
}

/** Lifts a block; whether there was one. */
export const unblockNetwork = async (db: Queryable, network: string): Promise<boolean> => {
  const { rows } = await db.query<{ lifted: boolean }>(
    'select private.unblock_network($1) as lifted',
    [network],
  )
  return rows[0]?.lifted ?? false
}
