import { describe, expect, it } from 'vitest'
import { checkPublicHost, isPublicAddress } from './public-address.ts'

describe('whether an address is on the public internet', () => {
  it.each([
    // IPv4: this machine, private networks, the cloud's metadata service, shared and
    // reserved ranges.
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: loopback, unspecified, unique local, link-local (with and without a zone),
    // site-local, multicast, documentation, discard.
    '::1',
    '[::1]',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '3fff::1',
    '100::1',
    // IPv4 inside IPv6: mapped, NAT64 and 6to4 carrying a private address; the deprecated
    // compatible form; Teredo; local-use NAT64.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a9fe:a9fe]',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2002:c0a8:101::1',
    '::127.0.0.1',
    '::7f00:1',
    '2001::1',
    '64:ff9b:1::1',
    // Not addresses.
    'calendar.google.com',
    '',
    '999.1.1.1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each([
    '8.8.8.8',
    '142.250.79.46',
    '2607:f8b0:4004:c1b::64',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('checking a host a redirect names', () => {
  // What DNS would answer for these names (no network in the tests).
  const dns: Record<string, string[]> = {
    'calendar.example.com': ['142.250.79.46', '2607:f8b0:4004:c1b::64'],
    'rebound.example.com': ['142.250.79.46', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
  }
  const resolve = async (name: string) => {
    const found = dns[name]
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
    return found
  }

  it.each([
    ['calendar.example.com', 'public'],
    ['CALENDAR.example.com.', 'public'],
    // One private address among public ones is enough: the client may pick it.
    ['rebound.example.com', 'private'],
    ['metadata.example.com', 'private'],
    ['mapped.example.com', 'private'],
    ['localhost', 'private'],
    ['api.localhost', 'private'],
    ['127.0.0.1', 'private'],
    ['[::1]', 'private'],
    ['[::ffff:7f00:1]', 'private'],
    ['142.250.79.46', 'public'],
    ['nowhere.example.com', 'unresolvable'],
  ])('%s is %s', async (host, expected) => {
    expect(await checkPublicHost(host, resolve)).toBe(expected)
  })
})
