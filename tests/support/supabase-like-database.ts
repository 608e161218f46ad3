import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../../server/paths.ts'

/**
 * Stand-ins for two Supabase extensions Debian does not package, with the names and
 * signatures our migrations use: Vault's `decrypted_secrets` and pg_net's `http_post`. pg_net
 * queues each request and a background worker sends it; here startPgNetWorker sends them.
 */
const SUPABASE_STANDINS = `
create schema if not exists vault;
create table if not exists vault.secrets (name text primary key, secret text not null);
create or replace view vault.decrypted_secrets as
  select name, secret as decrypted_secret from vault.secrets;

create schema if not exists net;
create table if not exists net.http_request_queue (
  id bigserial primary key, method text not null, url text not null, headers jsonb, body jsonb
);
create table if not exists net._http_response (
  id bigint primary key, status_code integer, content text, created timestamptz default now()
);
create or replace function net.http_post(
  url text,
  body jsonb default '{}',
  params jsonb default '{}',
  headers jsonb default '{"Content-Type": "application/json"}',
  timeout_milliseconds integer default 5000
) returns bigint language sql as $$
  insert into net.http_request_queue (method, url, headers, body)
  values ('POST', url, headers, body) returning id
$$;
`

// The roles every Supabase project has, with the postgres role a member of anon (as there).
const SUPABASE_ROLES = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
    create role authenticated nologin noinherit;
    create role service_role nologin noinherit bypassrls;
    grant anon, authenticated, service_role to postgres;
  end if;
end
$$;
`

/**
 * Prepares a plain PostgreSQL the way a Supabase project is before `supabase db push`, then
 * runs every migration file as is, in order (no ledger, as `psql -f` would).
 */
export const applyMigrationsLikeSupabase = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(SUPABASE_ROLES)
    await client.query(SUPABASE_STANDINS)
    const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()
    for (const name of names) {
      await client.query(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'))
    }
  } finally {
    await client.end()
  }
}

/** Sends what pg_net's stand-in queued, as pg_net's background worker would. */
export const startPgNetWorker = (url: string, intervalMs = 250) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  let running = Promise.resolve()
  const sendQueued = async () => {
    const { rows } = await pool.query<{
      id: string
      method: string
      url: string
      headers: Record<string, string>
      body: unknown
    }>('delete from net.http_request_queue returning *')
    for (const request of rows) {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: JSON.stringify(request.body),
      }).catch(() => undefined)
      await pool.query(
        'insert into net._http_response (id, status_code, content) values ($1, $2, $3)',
        [request.id, response?.status ?? null, response ? await response.text() : null],
      )
    }
  }
  const timer = setInterval(() => {
    running = running.then(sendQueued).catch(() => undefined)
  }, intervalMs)
  return {
    async stop() {
      clearInterval(timer)
      await running
      await pool.end()
    },
  }
}
