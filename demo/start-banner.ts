// `npm start` prints what a newcomer needs and nothing else: the demo's address, the console's,
// and what to try. (Vite's own banner would only give the address.)
import type { Plugin, ViteDevServer } from 'vite';
import type { ParleyEmulatorApi } from '../emulator/vite-plugin.ts';

export function startBanner(): Plugin {
  return {
    name: 'parley-start-banner',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.printUrls = () => {
        const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${server.config.server.port}/`;
        const emulator = server.config.plugins.find((plugin) => plugin.name === 'parley-emulator')?.api as ParleyEmulatorApi | undefined;
        const keys = emulator?.keys();
        const at = new URL(`${emulator?.prefix ?? '/parley-emulator'}/`, url).href;
        console.log(
          [
            '',
            `  Parley demo:    ${url}   (the help centre, the chat inline: ${url}help.html)`,
            `  Agent console:  ${at}console/`,
            ...(keys ? [`  REST API:       ${at}rest/v1/…   Authorization: ${keys.apiKey}   (made for this start)`] : []),
            '',
            '  Open the chat and try "show me" (every rich template), "how much does it cost?", "opening hours",',
            '  then "talk to a human" and answer from the agent console. Ctrl+C stops.',
            '',
          ].join('\n'),
        );
      };
    },
  };
}
