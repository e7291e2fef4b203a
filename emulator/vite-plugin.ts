// Vite plugin: serves the mock service under /mock from the dev and preview servers, so one
// `vite` command serves the demo page and the service on one origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Connect, Plugin } from 'vite';
import { createMockService, type MockService, type MockServiceOptions } from './service.ts';

export interface ParleyMockPluginOptions extends Omit<MockServiceOptions, 'prefix'> {
  /** Path prefix of the mock; default '/mock'. */
  prefix?: string;
}

interface MountableServer {
  middlewares: Connect.Server;
  httpServer: { on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown } | null;
}

export function parleyMock(options: ParleyMockPluginOptions = {}): Plugin {
  let dev: MockService | undefined;
  let preview: MockService | undefined;

  const mount = (server: MountableServer): MockService => {
    const service = createMockService({ ...options, prefix: options.prefix ?? '/mock' });
    const handle: Connect.NextHandleFunction = (req, res, next) => {
      if (!service.handleRequest(req, res as ServerResponse)) next();
    };
    // First in the stack: Vite's own CORS middleware would otherwise answer our preflights
    // (without echoing the requested headers) and its host check could refuse the mock.
    server.middlewares.stack.unshift({ route: '', handle });
    // Only paths under the prefix are taken; Vite's HMR upgrades pass through untouched.
    server.httpServer?.on('upgrade', (req, socket, head) => {
      service.handleUpgrade(req, socket, head);
    });
    return service;
  };

  return {
    name: 'parley-mock',
    configureServer(server) {
      dev = mount(server);
    },
    configurePreviewServer(server) {
      preview = mount(server as unknown as MountableServer);
    },
    async closeServer() {
      await dev?.close();
      dev = undefined;
    },
    async closePreviewServer() {
      await preview?.close();
      preview = undefined;
    },
  };
}
