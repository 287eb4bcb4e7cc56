import { z } from 'zod';

/** Wallets one balances call may ask for: a page of the user list at its largest. */
export const maxBalanceAddresses = 100;

const walletAddress = /^0x[0-9a-fA-F]{40}$/;

/**
 * GET /admin/balances?addresses=0x..,0x..: 1 to 100 wallet addresses, comma separated (spaces
 * around them ignored, any case, duplicates allowed). A wrong one is a 400 naming its position.
 */
export const balancesQuery = z.strictObject({
  addresses: z
    .string()
    .max(maxBalanceAddresses * 45, `addresses must list at most ${maxBalanceAddresses} wallet addresses`)
    .transform((text, context) => {
      const list = text.split(',').map((address) => address.trim());
      if (list.length > maxBalanceAddresses) {
        context.addIssue({
          code: 'custom',
          message: `addresses must list at most ${maxBalanceAddresses} wallet addresses, not ${list.length}`,
        });
        return z.NEVER;
      }
      const wrong = list.findIndex((address) => !walletAddress.test(address));
      if (wrong >= 0) {
        context.addIssue({
          code: 'custom',
          message:
            list[wrong] === ''
              ? `addresses must list wallet addresses separated by commas (entry ${wrong + 1} is empty)`
              : `addresses entry ${wrong + 1} is not a wallet address (0x and 40 hex digits)`,
        });
        return z.NEVER;
      }
      return list.map((address) => address.toLowerCase());
    }),
});
export type BalancesQuery = z.infer<typeof balancesQuery>;

/** An exact amount: `value` the decimal text (base units / 10^decimals, no trailing zeros), `raw` the base units as an integer string. */
export const balanceAmount = z.object({ value: z.string(), raw: z.string() });
export type BalanceAmount = z.infer<typeof balanceAmount>;

/** One wallet's {product} (token) and native POL balances; `address` in lower case, as the user list shows it. */
export const walletBalance = z.object({ address: z.string(), token: balanceAmount, native: balanceAmount });
export type WalletBalance = z.infer<typeof walletBalance>;

/** The balances in the order asked (duplicates included), read in one eth_call; `symbol` and `decimals` are the token's. */
export const balancesResponse = z.object({
  symbol: z.string(),
  decimals: z.number().int(),
  data: z.array(walletBalance),
});
export type BalancesResponse = z.infer<typeof balancesResponse>;
