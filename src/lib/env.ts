export interface SupabaseEnv {
  /** Absolute URL, or a path such as `/` resolved against the page's origin at run time. */
  readonly url: string
  readonly anonKey: string
}

type EnvSource = Readonly<Record<string, string | boolean | undefined>>

function read(source: EnvSource, name: string): string | undefined {
  const value = source[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * Validates the build-time Supabase settings. The browser entry and `scripts/build.ts` both call
 * it, so a missing value stops the build with the same message the page would show at start-up.
 */
export function parseSupabaseEnv(source: EnvSource): SupabaseEnv {
  const url = read(source, 'VITE_SUPABASE_URL')
  const anonKey =
    read(source, 'VITE_SUPABASE_ANON_KEY') ?? read(source, 'VITE_SUPABASE_PUBLISHABLE_KEY')
  const missing = [
    url === undefined && 'VITE_SUPABASE_URL',
    anonKey === undefined && 'VITE_SUPABASE_ANON_KEY (or VITE_SUPABASE_PUBLISHABLE_KEY)',
  ].filter((name): name is string => typeof name === 'string')
  if (url === undefined || anonKey === undefined) {
    throw new Error(
      `Missing environment variable(s): ${missing.join(', ')}. ` +
        'Set them in .env (or the environment) before building; VITE_SUPABASE_URL may be "/" for the embedded server.',
    )
  }
  return { url, anonKey }
}

/** Turns `/` or a relative URL into an absolute one, so one build works on any host and port. */
export function resolveSupabaseUrl(url: string, origin: string): string {
  return new URL(url, origin).toString().replace(/\/+$/, '')
}
