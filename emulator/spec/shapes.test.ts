// Shapes the emulator writes again beside the widget's (src/protocol), tied together by the
// compiler: when one side gains or loses a field, this file stops compiling.
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Profile, QuickReply } from '../../src/protocol/frames.ts';
import type { FlowQuickReply } from '../flows/flow-file.ts';
import type { Profile as RestProfile } from './rest-fields.ts';

describe('shapes the emulator and the widget share', () => {
  it("the REST profile is the socket's, with the REST API's language and phoneNumber (spec 2.3)", () => {
    expectTypeOf<keyof z.output<typeof RestProfile>>().toEqualTypeOf<keyof Profile | 'language' | 'phoneNumber'>();
  });

  it("a flow file's quick reply is one the widget reads, every field given", () => {
    expectTypeOf<z.output<typeof FlowQuickReply>>().toExtend<QuickReply>();
    expectTypeOf<keyof z.output<typeof FlowQuickReply>>().toEqualTypeOf<keyof QuickReply>();
  });
});
