import type { Queryable } from './run-query.ts'

/**
 * What every new connection of the site's pools runs before its first use: the Node server's
 * (server/db/postgres.ts) and each Edge Function's. No JIT compilation (decision 103): the
 * site's statements read a few thousand rows at most, but on a default PostgreSQL 15 the
 * planner's estimates for the desk's overview, its lead list and the busy calendar's import
 * crossed `jit_above_cost`, and LLVM then spent 0.3–2 s compiling each of them at every call.
 * A session setting rather than a start-up parameter, which some poolers refuse.
 */
export const prepareConnection = async (client: Queryable): Promise<void> => {
  await client.query('set jit = off')
}
