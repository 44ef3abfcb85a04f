import net from 'node:net';

/**
 * A stand-in for a Kubernetes Service (kube-proxy): each new TCP connection goes to the next ready endpoint, round
 * robin. An endpoint taken out (a pod that is terminating) gets no new connection; its open ones go on until one
 * side closes them, as with kube-proxy.
 */
export class Balancer {
  private endpoints: number[];
  private turn = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    endpoints: number[],
  ) {
    this.endpoints = [...endpoints];
  }

  static async start(endpoints: number[]): Promise<Balancer> {
    const server = net.createServer();
    const balancer = new Balancer(server, endpoints);
    server.on('connection', (client) => balancer.forward(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return balancer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  add(port: number): void {
    this.endpoints.push(port);
  }

  remove(port: number): void {
    this.endpoints = this.endpoints.filter((p) => p !== port);
  }

  private forward(client: net.Socket): void {
    const port = this.endpoints[this.turn++ % Math.max(this.endpoints.length, 1)];
    if (port === undefined) return void client.destroy();
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    }
    // A reset on one side is a reset on the other; an orderly close is passed on as one.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
