import { describe, expect, it } from 'vitest'
import { connectionKey, createConnectionCap, isLoopback } from './connection-cap.ts'

describe('connectionKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(connectionKey(address)).toBe(key)
  })

  it('knows loopback, however it is written', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(connectionKey(address))).toBe(true)
    }
    expect(isLoopback(connectionKey('203.0.113.7'))).toBe(false)
  })
})

describe('createConnectionCap', () => {
  it('admits up to the limit per address, and again once one closes', () => {
    const cap = createConnectionCap({ maxConnectionsPerAddress: 2, maxLoopbackConnections: 3 })
    const closers: (() => void)[] = []
    const admit = (address: string) => cap.admit(address, (listener) => closers.push(listener))
    expect(admit('203.0.113.7')).toBe(true)
    expect(admit('::ffff:203.0.113.7')).toBe(true)
    expect(admit('203.0.113.7')).toBe(false)
    expect(admit('203.0.113.8')).toBe(true)
    closers[0]?.()
    expect(admit('203.0.113.7')).toBe(true)
    // Loopback has its own, higher limit: a local proxy is one address for everyone.
    expect([1, 2, 3, 4].map(() => admit('127.0.0.1'))).toEqual([true, true, true, false])
  })
})
