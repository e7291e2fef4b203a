// 4.1 Socket address request: the response bodies of both modes.
import * as z from 'zod/mini';

const socketUrl = z.string().check(
  z.refine((value) => /^wss?:\/\//i.test(value), { message: 'endpoint must be a ws:// or wss:// address' }),
);

/** Plain mode: `{status, payload: {endpoint}}`; client-nonce mode adds `secret`. */
export const AddressResponse = z.object({
  status: z.string(),
  payload: z.optional(z.object({ endpoint: socketUrl })),
  secret: z.catch(z.optional(z.string()), undefined),
  message: z.catch(z.optional(z.string()), undefined),
});
export type AddressResponse = z.infer<typeof AddressResponse>;
