// 4.1 Socket address request: the response bodies of both modes.
import * as z from 'zod/mini';

/** Plain mode: `{status, payload: {endpoint}}`; client-nonce mode adds `secret`. */
export const AddressResponse = z.object({
  status: z.string(),
  payload: z.optional(z.object({ endpoint: z.string() })),
  secret: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type AddressResponse = z.infer<typeof AddressResponse>;
