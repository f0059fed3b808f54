import net from 'node:net'

/**
 * Which addresses an outbound request may reach (docs/security.md "Security rules"). A recipe URL, an image URL or a webhook is chosen by a
 * user, so without this rule any user could make the server read its own admin ports, the cloud metadata service
 * (169.254.169.254) or the machines of the home network behind it.
 */

/** Blocks that are not the public internet: private, loopback, link-local, CGNAT, documentation, multicast, reserved. */
const refusedIpv4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast 255.255.255.255
]

const refusedIpv6: Array<[string, number]> = [
  ['::', 96], // unspecified ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated
  ['ff00::', 8], // multicast
]

function blockListOf(ipv4: Array<[string, number]>, ipv6: Array<[string, number]>): net.BlockList {
  const list = new net.BlockList()
  for (const [address, prefix] of ipv4) list.addSubnet(address, prefix, 'ipv4')
  for (const [address, prefix] of ipv6) list.addSubnet(address, prefix, 'ipv6')
  return list
}

const refused = blockListOf(refusedIpv4, refusedIpv6)

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  if (!net.isIPv6(address)) return null
  let text = address.split('%')[0]!.toLowerCase()
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)))
  const first = groupsOf(head)
  const last = tail === undefined ? [] : groupsOf(tail)
  const groups = [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last]
  return groups.flatMap((group) => [group >> 8, group & 0xff])
}

/**
 * The IPv4 address an IPv6 address stands for, when it embeds one the network would reach: IPv4-mapped
 * (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). `::ffff:127.0.0.1` is loopback however it
 * is written.
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address)
  if (!bytes) return null
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  const quad = (from: number) => bytes.slice(from, from + 4).join('.')
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return quad(12)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2)
  return null
}

/** The address in the form the rules apply to: an IPv6 address that embeds an IPv4 one becomes that IPv4 address. */
function canonical(address: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  if (net.isIPv4(address)) return { address, type: 'ipv4' }
  if (!net.isIPv6(address)) return null
  const ipv4 = embeddedIpv4(address)
  return ipv4 ? { address: ipv4, type: 'ipv4' } : { address: address.split('%')[0]!, type: 'ipv6' }
}

/** True when `address` is not on the public internet (or is not an IP address at all, which is never reached). */
export function isNonPublicAddress(address: string): boolean {
  const form = canonical(address)
  return form === null || refused.check(form.address, form.type)
}

/** A host name as DNS writes it: letters, digits and hyphens in dot-separated labels. */
const hostNamePattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i

/** An allow-list entry split into what it names and the one port it opens (undefined: every port). */
interface AllowListTarget {
  target: string
  port: number | undefined
}

/** `host:port`, `192.168.1.20:8080` and `[fd00::1]:8080` name one port; anything else names the whole host. */
function splitPort(entry: string): AllowListTarget | null {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry)
  const withPort = bracketed ? null : /^([^:]+):(\d{1,5})$/.exec(entry)
  const [target, port] = bracketed ? [bracketed[1]!, bracketed[2]] : withPort ? [withPort[1]!, withPort[2]] : [entry]
  if (port === undefined) return { target, port: undefined }
  const number = Number(port)
  return number >= 1 && number <= 65535 ? { target, port: number } : null
}

/**
 * One allow-list entry: an IP address, a CIDR block (IPv4 or IPv6) or a host name, the first and last optionally with
 * one port (`nas.home.arpa:8080`, `[fd00::1]:8080`): without one, every port of the host is open.
 */
export function isAllowListEntry(entry: string): boolean {
  const split = splitPort(entry)
  if (!split) return false
  const [address = '', prefix, ...rest] = split.target.split('/')
  const family = net.isIP(address)
  if (family !== 0 && rest.length === 0) {
    if (prefix === undefined) return true
    return split.port === undefined && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
  }
  return prefix === undefined && hostNamePattern.test(split.target)
}

/**
 * The operator's exceptions (`HTTP_ALLOW_LIST`): a listed host name may be reached whatever it resolves to, a listed
 * address or block may be reached by any name; an entry with a port opens only that port (the embedded PostgreSQL and
 * whatever else listens on the host stay closed). Entries are validated at start-up (config.ts), so an entry that is
 * not valid here cannot reach this point; it is ignored rather than trusted.
 */
export interface AllowList {
  permitsHost: (hostName: string, port: number) => boolean
  permitsAddress: (address: string, port: number) => boolean
}

const hostKey = (hostName: string) => hostName.toLowerCase().replace(/\.$/, '')

export function compileAllowList(entries: readonly string[]): AllowList {
  /** Host names with the ports they open (undefined: every port). */
  const hosts = new Map<string, Set<number | undefined>>()
  /** Addresses and blocks by the port they open (undefined: every port). */
  const blocksByPort = new Map<number | undefined, net.BlockList>()
  for (const entry of entries) {
    if (!isAllowListEntry(entry)) continue
    const { target, port } = splitPort(entry)!
    const [address = '', prefix] = target.split('/')
    const family = net.isIP(address)
    if (family === 0) {
      const ports = hosts.get(hostKey(target)) ?? new Set()
      hosts.set(hostKey(target), ports.add(port))
      continue
    }
    const blocks = blocksByPort.get(port) ?? new net.BlockList()
    blocksByPort.set(port, blocks)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) blocks.addAddress(address, type)
    else blocks.addSubnet(address, Number(prefix), type)
  }
  const inBlocks = (blocks: net.BlockList | undefined, address: string) => {
    if (!blocks) return false
    const form = canonical(address)
    if (!form) return false
    return blocks.check(form.address, form.type) || (form.address !== address && blocks.check(address, 'ipv6'))
  }
  return {
    permitsHost(hostName, port) {
      const ports = hosts.get(hostKey(hostName))
      return ports !== undefined && (ports.has(undefined) || ports.has(port))
    },
    permitsAddress: (address, port) =>
      inBlocks(blocksByPort.get(undefined), address) || inBlocks(blocksByPort.get(port), address),
  }
}
