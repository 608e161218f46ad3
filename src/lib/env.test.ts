import { parseSupabaseEnv, resolveSupabaseUrl } from './env.ts'

describe('parseSupabaseEnv', () => {
  it('accepts the URL and the anon key', () => {
    expect(
      parseSupabaseEnv({ VITE_SUPABASE_URL: 'https://x.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' }),
    ).toEqual({ url: 'https://x.supabase.co', anonKey: 'k' })
  })

  it('accepts the publishable key as the alternative name', () => {
    expect(
      parseSupabaseEnv({
        VITE_SUPABASE_URL: '/',
        VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_1',
      }),
    ).toEqual({ url: '/', anonKey: 'sb_publishable_1' })
  })

  it('names every missing variable in one error', () => {
    expect(() => parseSupabaseEnv({})).toThrow(
      /Missing environment variable\(s\): VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY \(or VITE_SUPABASE_PUBLISHABLE_KEY\)/,
    )
  })

  it('treats blank values as missing', () => {
    expect(() =>
      parseSupabaseEnv({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: 'k' }),
    ).toThrow(/: VITE_SUPABASE_URL\./)
    expect(() => parseSupabaseEnv({ VITE_SUPABASE_URL: '/' })).toThrow(
      /: VITE_SUPABASE_ANON_KEY \(or VITE_SUPABASE_PUBLISHABLE_KEY\)\./,
    )
  })
})

describe('resolveSupabaseUrl', () => {
  it('resolves "/" against the page origin, so one build serves any host and port', () => {
    expect(resolveSupabaseUrl('/', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080')
  })

  it('keeps an absolute URL and drops a trailing slash', () => {
    expect(resolveSupabaseUrl('https://x.supabase.co/', 'http://localhost')).toBe(
      'https://x.supabase.co',
    )
  })
})
