import net from 'node:net';

/** A loopback TCP proxy for simulating network failures: drop every connection, refuse new ones, then recover. */
export interface TcpProxy {
  readonly port: number;
  /** Destroys every proxied connection, as a broken network would. */
  drop(): void;
  /** While refusing, new connections are closed at once. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const drop = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: address.port,
    drop,
    refuse(value) {
      refusing = value;
    },
    async close() {
      drop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
