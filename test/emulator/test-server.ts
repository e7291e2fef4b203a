// Real local HTTP servers for the integration tests and the benchmark: port 0, loopback only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests (the timeout receiver) must not keep the server open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that refuses connections: opened, then closed again. */
export async function refusedPort(): Promise<number> {
  const server = await listen(() => {});
  await server.close();
  return server.port;
}
