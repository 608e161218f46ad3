import type { Queryable } from './database.ts'

export interface RoutineParam {
  name: string
  /** As format_type() writes it, e.g. 'timestamp with time zone'. */
  type: string
  /** False when the function gives it a default. */
  required: boolean
}

/** A function in schema public, as PostgREST's schema cache describes one. */
export interface Routine {
  name: string
  params: RoutineParam[]
  /** 'i' immutable, 's' stable, 'v' volatile. */
  volatility: 'i' | 's' | 'v'
  returnsSet: boolean
  /** A row type, or OUT/TABLE columns: answered as objects, not bare values. */
  returnsComposite: boolean
  returnsVoid: boolean
  /** has_function_privilege('anon', …, 'execute'): the database's own answer. */
  anonMayExecute: boolean
}

/** Function name → its overloads. */
export type RoutineCache = Map<string, Routine[]>

/**
 * Like PostgREST's: plain functions (no procedures, aggregates or trigger functions) in public
 * whose inputs all have names, or whose one input is an unnamed `text` (called with the raw
 * body of a `text/plain` POST, as navigator.sendBeacon sends a string; its name is ''). PostgREST
 * also takes one unnamed json, xml or bytea argument; no function of ours has one.
 */
export const loadRoutineCache = async (db: Queryable): Promise<RoutineCache> => {
  const { rows } = await db.query<Routine>(
    `select p.proname as name,
            coalesce((
              select json_agg(json_build_object(
                       'name', a.name,
                       'type', format_type(a.type, null),
                       'required', a.position <= p.pronargs - p.pronargdefaults)
                     order by a.position)
                from (
                  select coalesce(arg.name, '') as name, arg.type,
                         row_number() over (order by arg.ordinality) as position
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                                p.proargnames, p.proargmodes::text[])
                         with ordinality as arg (type, name, mode, ordinality)
                   where coalesce(arg.mode, 'i') in ('i', 'b', 'v')
                ) a
            ), '[]') as params,
            p.provolatile as volatility,
            p.proretset as "returnsSet",
            (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false))
              as "returnsComposite",
            p.prorettype = 'void'::regtype as "returnsVoid",
            has_function_privilege('anon', p.oid, 'execute') as "anonMayExecute"
       from pg_proc p
       join pg_type t on t.oid = p.prorettype
      where p.pronamespace = 'public'::regnamespace
        and p.prokind = 'f'
        and p.prorettype <> 'trigger'::regtype
        and (
          not exists (
            select 1
              from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames,
                          p.proargmodes::text[]) as arg (type, name, mode)
             where coalesce(arg.mode, 'i') in ('i', 'b', 'v') and coalesce(arg.name, '') = ''
          )
          or (p.pronargs = 1 and p.proargtypes[0] = 'text'::regtype
              and coalesce(p.proargnames[1], '') = '' and p.proallargtypes is null)
        )`,
  )
  const cache: RoutineCache = new Map()
  for (const routine of rows) cache.set(routine.name, [...(cache.get(routine.name) ?? []), routine])
  return cache
}

/**
 * PostgREST's findProc: the overload whose required parameters are all among the argument
 * names, and whose other parameters have defaults. 'ambiguous' when several match.
 */
export const findRoutine = (
  overloads: Routine[],
  argumentNames: string[],
): Routine | 'none' | 'ambiguous' => {
  const given = new Set(argumentNames)
  const matching = overloads.filter(
    (routine) =>
      routine.params.filter((param) => param.required).every((param) => given.has(param.name)) &&
      argumentNames.every((name) => routine.params.some((param) => param.name === name)),
  )
  if (matching.length === 0) return 'none'
  return matching.length === 1 ? (matching[0] as Routine) : 'ambiguous'
}
