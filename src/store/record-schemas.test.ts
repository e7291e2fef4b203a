// The schemas of shared and stored records describe the types exactly: a field added to an entry,
// an op, a command or an event fails here until its schema checks it too.
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { ConnectionStatus } from '../connection/status.ts';
import type { TabMessage } from '../tabs/channel.ts';
import { TabMessageSchema } from '../tabs/message-schemas.ts';
import type { ThreadMeta } from './contract.ts';
import type { ReplicaState } from '../conversation/replica.ts';
import { MetaSchema, ReceivedFields, StateSchema, StatusSchema, UserEntryFields } from './record-schemas.ts';
import type { ReceivedEntry, UserEntry } from '../conversation/transcript.ts';

describe('record schemas', () => {
  it('match the types they check', () => {
    expectTypeOf<z.output<typeof UserEntryFields>>().toEqualTypeOf<Omit<UserEntry, 'kind'>>();
    type Checked = 'kind' | 'rich' | 'quickReplies';
    expectTypeOf<Omit<z.output<typeof ReceivedFields>, Checked>>().toEqualTypeOf<Omit<ReceivedEntry, Checked>>();
    expectTypeOf<z.output<typeof MetaSchema>>().toEqualTypeOf<ThreadMeta>();
    expectTypeOf<z.output<typeof StatusSchema>>().toEqualTypeOf<ConnectionStatus>();
    expectTypeOf<z.output<typeof StateSchema>>().toEqualTypeOf<ReplicaState>();
    expectTypeOf<z.output<typeof TabMessageSchema>>().toEqualTypeOf<TabMessage>();
  });
});
