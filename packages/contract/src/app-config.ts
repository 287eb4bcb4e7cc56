import { z } from 'zod';

/** Public facts the console needs before sign-in: the token's symbol stands for {product} in every text. */
export const appConfigResponse = z.object({
  productSymbol: z.string().min(1),
  chainId: z.number().int(),
});
export type AppConfigResponse = z.infer<typeof appConfigResponse>;
