import net from 'node:net'

/** A loopback port free a moment ago: for a server a test starts itself (Larder, PostgreSQL). */
export async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
