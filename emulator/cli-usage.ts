// `parley-emulator --help`: the command line's flags, also the API reference's (scripts/api-reference.ts).
import { DEFAULTS } from './core/options.ts';

export const USAGE = `Usage: parley-emulator [options]

  --port N                  port to listen on (default ${DEFAULTS.port}; 0 picks a free one)
  --host HOST               interface (default ${DEFAULTS.host})
  --api-key KEY             REST API key, sent as "Authorization: KEY" (default: a random key, printed at start)
  --management-key KEY      management API key, "Authorization: Bearer KEY" (default: a random key, printed at start)
  --webhook URL             where webhook events go (default: the built-in receiver, {url}/receiver; "none" for none)
  --verify-token TOKEN      verifyToken put in every webhook body (default ${DEFAULTS.verifyToken})
  --webhook-time-scale F    multiply the webhook retry schedule (0.001: 4 hours in 14.4 s)
  --client-id ID            a clientId the emulator knows (repeatable; default: any)
  --header-prefix PREFIX    prefix of the four secret headers (default ${DEFAULTS.headerPrefix})
  --handover-pause SECONDS  pause of a handover without secondsToPause (default ${DEFAULTS.handoverPauseSeconds})
  --strict                  refuse what real clients do beyond the spec, instead of logging it
  --allow-origin ORIGIN     an origin whose pages may use the console and the control API (repeatable; default: the emulator's own only)
  --allow-host NAME         a host name to answer besides localhost and IP addresses (repeatable)
  --flows FILE              flows in the management API's shape (default: the demo flows)
  --media DIR               folder served at {url}/media/ (default: media/ beside the flows file)
  --quiet                   print only the address and errors
  --help                    this text`;
