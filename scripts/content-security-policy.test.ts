import { pagePolicy } from './content-security-policy.ts'

const directive = (policy: string, name: string) =>
  policy.split('; ').find((part) => part.startsWith(`${name} `))

describe('the page policy', () => {
  it('lets a hosted build talk and post to its Supabase project, and to nowhere else', () => {
    const policy = pagePolicy('<p></p>', 'https://abc.supabase.co')
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://abc.supabase.co")
    // The form posts to submit-contact-form when no script runs; the function answers with a
    // redirect back to the site ('self').
    expect(directive(policy, 'form-action')).toBe("form-action 'self' https://abc.supabase.co")
  })

  it('keeps the embedded build to its own origin', () => {
    const policy = pagePolicy('<p></p>', '/')
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'")
    expect(directive(policy, 'form-action')).toBe("form-action 'self'")
  })
})
