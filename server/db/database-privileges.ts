import type { Queryable } from './database.ts'

/**
 * What the PostgreSQL user in DATABASE_URL must have, checked before the server touches the
 * database so that a missing privilege is one message naming it and the SQL that grants it,
 * not PostgreSQL's bare "permission denied to create role" half-way through a start:
 * - the roles Supabase has (anon, authenticated, service_role), or the right to create them
 *   (service_role bypasses row level security, which only a superuser may create);
 * - membership in anon, which the server becomes for every visitor's request;
 * - the right to create the schemas the migrations make (private, app_private), unless they
 *   exist;
 * - ownership of what the migrations change, when an earlier start made it as another user.
 * A superuser has all of it. Docs: docs/deploy.md, "The database user".
 */

const SUPABASE_ROLES = ['anon', 'authenticated', 'service_role'] as const

interface Standing {
  user: string
  database: string
  superuser: boolean
  createrole: boolean
  can_create_schemas: boolean
  missing_roles: string[] | null
  in_anon: boolean
  missing_schemas: string[] | null
  foreign_owners: { object: string; owner: string }[] | null
}

const STANDING = `
select current_user as "user", current_database() as database,
       r.rolsuper as superuser, r.rolcreaterole as createrole,
       has_database_privilege(current_database(), 'CREATE') as can_create_schemas,
       (select array_agg(name order by name) from unnest($1::text[]) as name
         where not exists (select 1 from pg_roles where rolname = name)) as missing_roles,
       case when exists (select 1 from pg_roles where rolname = 'anon')
            then pg_has_role(current_user, 'anon', 'MEMBER') else false end as in_anon,
       (select array_agg(name order by name) from unnest(array['private', 'app_private']) as name
         where not exists (select 1 from pg_namespace where nspname = name)) as missing_schemas,
       (select json_agg(json_build_object('object', what, 'owner', pg_get_userbyid(owner))
                        order by what)
          from (select 'schema ' || nspname as what, nspowner as owner from pg_namespace
                 where nspname in ('private', 'app_private')
                union all
                select 'table ' || c.oid::regclass::text, c.relowner from pg_class c
                 where c.oid = to_regclass('public.contact_submissions')) objects
         where not pg_has_role(current_user, owner, 'USAGE')) as foreign_owners
  from pg_roles r where r.rolname = current_user
`

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The problems in words and the SQL a database administrator runs once to solve them. */
export const describeMissingPrivileges = (standing: Standing): string | undefined => {
  if (standing.superuser) return undefined
  const user = quote(standing.user)
  const problems: string[] = []
  const grants: string[] = []
  const missingRoles = standing.missing_roles ?? []
  const cannotCreate = missingRoles.filter(
    (role) => !standing.createrole || role === 'service_role',
  )
  if (cannotCreate.length > 0) {
    problems.push(
      `the role${missingRoles.length === 1 ? '' : 's'} ${missingRoles.join(', ')} ${missingRoles.length === 1 ? 'does' : 'do'} not exist, and ${user} may not create ${missingRoles.length === 1 ? 'it' : 'them'} (${standing.createrole ? 'service_role bypasses row level security, which only a superuser may give a role' : 'it has no CREATEROLE'}).`,
    )
    for (const role of missingRoles) {
      grants.push(
        `CREATE ROLE ${role} NOLOGIN NOINHERIT${role === 'service_role' ? ' BYPASSRLS' : ''};`,
      )
    }
  }
  if (!standing.in_anon && !(standing.createrole && cannotCreate.length === 0)) {
    problems.push(
      `${user} is not a member of anon, which the server becomes for every visitor's request (so the database's rules decide what a visitor may do).`,
    )
    grants.push(`GRANT anon TO ${user};`)
  }
  const missingSchemas = standing.missing_schemas ?? []
  if (missingSchemas.length > 0 && !standing.can_create_schemas) {
    problems.push(
      `${user} may not create the schemas ${missingSchemas.join(' and ')} the migrations make in database ${quote(standing.database)}.`,
    )
    grants.push(`GRANT CREATE ON DATABASE ${quote(standing.database)} TO ${user};`)
  }
  for (const { object, owner } of standing.foreign_owners ?? []) {
    problems.push(
      `${object} belongs to ${quote(owner)}: the migrations change what is in it, which only its owner may do. Run the server as ${quote(owner)}, or make ${user} the owner of the site's objects (ALTER … OWNER TO ${user}).`,
    )
  }
  if (problems.length === 0) return undefined
  return [
    `Cannot start: the PostgreSQL user ${user} in DATABASE_URL (database ${quote(standing.database)}) lacks what the server needs:`,
    ...problems.map((problem) => `- ${problem}`),
    ...(grants.length > 0
      ? [
          `A database administrator runs, once, as a superuser in database ${quote(standing.database)}:`,
          ...grants.map((grant) => `  ${grant}`),
        ]
      : []),
    'Then start the server again (docs/deploy.md, "The database user").',
  ].join('\n')
}

/** Throws, with describeMissingPrivileges' message, when the user lacks something. */
export const checkDatabasePrivileges = async (db: Queryable): Promise<void> => {
  const { rows } = await db.query<Standing>(STANDING, [[...SUPABASE_ROLES]])
  const standing = rows[0]
  if (!standing) throw new Error('Cannot start: the database did not say who the server is.')
  const problem = describeMissingPrivileges(standing)
  if (problem) throw new Error(problem)
}
