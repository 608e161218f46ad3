import { describe, expect, it } from 'vitest'
import { carriedParams, hasSource, readArrival } from './attribution.ts'

const SITE = 'https://www.aurora.example'

describe('reading where a visitor came from', () => {
  it('takes the utm_* of the address, the referring origin and the page landed on', () => {
    const arrival = readArrival(
      new URL(`${SITE}/?utm_source=newsletter&utm_campaign=Black%20Friday&x=1`),
      'https://www.google.com/search?q=aurora',
    )
    expect(arrival).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'Black Friday',
      referrer_origin: 'https://www.google.com',
      landing_path: '/',
    })
  })

  it('ignores the site itself as a referrer, and reads what a link carried instead', () => {
    const carried = new URL(`${SITE}/agendar`)
    for (const [name, value] of carriedParams({
      utm_source: 'instagram',
      referrer_origin: 'https://l.instagram.com',
      landing_path: '/',
    })) {
      carried.searchParams.set(name, value)
    }
    expect(readArrival(carried, `${SITE}/`)).toEqual({
      utm_source: 'instagram',
      referrer_origin: 'https://l.instagram.com',
      landing_path: '/',
    })
  })

  it('carries nothing for a direct visit, and drops values that could cost the message', () => {
    const direct = readArrival(new URL(`${SITE}/contato`), '')
    expect(direct).toEqual({ landing_path: '/contato' })
    expect(hasSource(direct)).toBe(false)
    const hostile = readArrival(
      new URL(`${SITE}/contato?utm_source=a%00b&ref=javascript:alert(1)&landing=//evil.example`),
      'android-app://com.example',
    )
    expect(hostile).toEqual({ landing_path: '/contato' })
  })
})
