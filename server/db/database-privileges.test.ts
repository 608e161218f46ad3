import { expect, it } from 'vitest'
import { describeMissingPrivileges } from './database-privileges.ts'

const standing = (overrides: Partial<Parameters<typeof describeMissingPrivileges>[0]> = {}) => ({
  user: 'site',
  database: 'leads',
  superuser: false,
  createrole: false,
  can_create_schemas: true,
  missing_roles: null,
  in_anon: true,
  missing_schemas: null,
  foreign_owners: null,
  ...overrides,
})

it('asks nothing of a superuser, or of an owner whose roles a DBA made', () => {
  expect(
    describeMissingPrivileges(
      standing({ superuser: true, missing_roles: ['anon'], in_anon: false }),
    ),
  ).toBeUndefined()
  expect(describeMissingPrivileges(standing())).toBeUndefined()
})

it('names each missing privilege and the SQL that grants it', () => {
  expect(
    describeMissingPrivileges(
      standing({
        missing_roles: ['anon', 'authenticated', 'service_role'],
        in_anon: false,
        can_create_schemas: false,
        missing_schemas: ['app_private', 'private'],
      }),
    ),
  ).toBe(
    [
      'Cannot start: the PostgreSQL user "site" in DATABASE_URL (database "leads") lacks what the server needs:',
      '- the roles anon, authenticated, service_role do not exist, and "site" may not create them (it has no CREATEROLE).',
      '- "site" is not a member of anon, which the server becomes for every visitor\'s request (so the database\'s rules decide what a visitor may do).',
      '- "site" may not create the schemas app_private and private the migrations make in database "leads".',
      'A database administrator runs, once, as a superuser in database "leads":',
      '  CREATE ROLE anon NOLOGIN NOINHERIT;',
      '  CREATE ROLE authenticated NOLOGIN NOINHERIT;',
      '  CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;',
      '  GRANT anon TO "site";',
      '  GRANT CREATE ON DATABASE "leads" TO "site";',
      'Then start the server again (docs/deploy.md, "The database user").',
    ].join('\n'),
  )
})

it('lets CREATEROLE make anon and authenticated but not service_role, which bypasses row level security', () => {
  const message = describeMissingPrivileges(
    standing({ createrole: true, missing_roles: ['service_role'] }),
  )
  expect(message).toContain('only a superuser may give a role')
  expect(message).toContain('CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;')
  expect(
    describeMissingPrivileges(standing({ createrole: true, missing_roles: [], in_anon: false })),
  ).toBeUndefined()
})

it('names objects an earlier start made as another user', () => {
  expect(
    describeMissingPrivileges(
      standing({ foreign_owners: [{ object: 'schema private', owner: 'postgres' }] }),
    ),
  ).toContain('- schema private belongs to "postgres": the migrations change what is in it')
})
