import type { Queryable } from './database.ts'

/**
 * The Node server passes SQL the one address it trusts (TRUST_PROXY, server/proxy-trust.ts) as
 * the only entry of x-forwarded-for, and removes every other address header
 * (server/routes/rest.ts). So that is the header the guard must read, whatever the database's
 * default for hosted Supabase is (decision 024); written at every start, like the limits.
 */
export const setNodeClientAddressHeader = async (db: Queryable): Promise<void> => {
  await db.query(
    "update private.contact_settings set client_address_header = 'x-forwarded-for', client_address_hops = 1",
  )
}
