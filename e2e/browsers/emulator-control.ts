// The emulator's control API (/parley-emulator/__control) from Node, for the engines layer.
import type { ControlState } from '../../emulator/control.ts';

/** What the engines layer reads of the control API's state (emulator/control.ts declares it). */
export type EmulatorState = Pick<ControlState, 'addressRequests' | 'connections'>;

export function emulatorAt(origin: string) {
  const control = async (verb: string, body: unknown = {}) => {
    const response = await fetch(`${origin}/parley-emulator/__control/${verb}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${verb}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    control,
    reset: () => control('reset'),
    state: async (): Promise<EmulatorState> => (await fetch(`${origin}/parley-emulator/__control/state`)).json() as Promise<EmulatorState>,
    /** The last frames the emulator received, as "raw → error" lines: what a failure report shows. */
    async lastFrames(count: number): Promise<string[]> {
      const frames = (await (await fetch(`${origin}/parley-emulator/__control/received`)).json()) as Array<{ raw: string; error?: string }>;
      return frames.slice(-count).map((f) => `${f.raw.slice(0, 200)}${f.error ? ` → refused: ${f.error}` : ''}`);
    },
    /** How many message.send frames reached the emulator, those its blackhole swallowed (never processed) included. */
    async sendsArrived(): Promise<number> {
      const frames = (await (await fetch(`${origin}/parley-emulator/__control/received`)).json()) as Array<{ raw: string }>;
      return frames.filter((f) => f.raw.includes('"message.send"')).length;
    },
    /** The message.send payloads the emulator processed, in order. */
    async sends(): Promise<Array<Record<string, unknown> & { speech?: string; metadata?: { language?: string } }>> {
      const frames = (await (await fetch(`${origin}/parley-emulator/__control/received`)).json()) as Array<{
        frame?: { type: string; payload?: Record<string, unknown> };
      }>;
      return frames.filter((f) => f.frame?.type === 'message.send').map((f) => f.frame!.payload!);
    },
  };
}

export type EmulatorControl = ReturnType<typeof emulatorAt>;
