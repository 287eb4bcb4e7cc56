import { sql } from 'drizzle-orm';
import { selectRows } from '../client';
import type { SeedContext } from './context';

/**
 * anvil's first and second dev accounts: the demo token's owner (so the signer, so the escrow the
 * customers transfer to) and the demo treasury that receives fees. Lower case, as transfers are stored.
 */
export const demoSettlementAccounts = {
  escrow: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  treasury: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
} as const;

/**
 * The seeded redemptions' tokens, as the settlement model (docs/decisions.md) would have left
 * them, so the demo's reconciliation is clean and a seeded PREPARATION redemption can be handed
 * over: every redemption past REQUESTED had its total + fee escrowed; PREPARATION ones still
 * hold the deposit; REDEEMED and ON_WEB2 ones were burned; REJECTED ones refunded. Transfers are
 * seeded like the other demo transfers (final, no block); the burns and refunds are history
 * recorded from elsewhere (no chain id, no nonce), so the signer's nonces on the demo chain never
 * see them. Set-based, a few statements whatever the count. Fake hashes are recognisable:
 * 0xe5c0 (escrow), 0xb0e0 (burn), 0xeef0 (refund) then the redemption id.
 */
export async function seedSettlementHistory(context: SeedContext): Promise<void> {
  const { tx } = context;
  const escrow = demoSettlementAccounts.escrow;
  const zero = '0x0000000000000000000000000000000000000000';
  const hash = (prefix: string) => sql`'0x' || ${prefix} || lpad(to_hex(r.id), 60, '0')`;
  await tx.execute(sql`
    insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at, final)
    select ${hash('e5c0')}, 0, lower(c.wallet_address), ${escrow}, r.total + r.total_fee, 'TRANSFER',
           least(r.created_at + interval '1 hour', r.updated_at), true
      from redemptions r join customers c on c.id = r.customer_id
     where r.status <> 'REQUESTED' and c.wallet_address is not null`);
  await tx.execute(sql`
    insert into escrow_deposits (transfer_id, from_address, amount, redemption_id, release, released_at, created_at)
    select t.id, t.from_address, t.amount, r.id,
           case r.status when 'PREPARATION' then null when 'REJECTED' then 'refund' else 'burn' end,
           case r.status when 'PREPARATION' then null else r.updated_at end,
           t.occurred_at
      from redemptions r join token_transactions t on t.txhash = ${hash('e5c0')}
     where r.status <> 'REQUESTED'`);
  // Handed over (at the counter or off-platform): the total burned from the escrow address.
  await tx.execute(sql`
    insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at, final)
    select ${hash('b0e0')}, 0, ${escrow}, ${zero}, r.total, 'BURN', r.updated_at, true
      from redemptions r join escrow_deposits d on d.redemption_id = r.id and d.release = 'burn'`);
  // Rejected: the deposit went back to the wallet it came from.
  await tx.execute(sql`
    insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at, final)
    select ${hash('eef0')}, 0, ${escrow}, d.from_address, d.amount, 'TRANSFER', r.updated_at, true
      from redemptions r join escrow_deposits d on d.redemption_id = r.id and d.release = 'refund'`);
  await tx.execute(sql`
    insert into chain_transactions (kind, redemption_id, escrow_deposit_id, to_address, amount, state, from_address, tx_hash,
                                    sent_hashes, mined_hash, final_at, created_at, updated_at)
    select case d.release when 'burn' then 'burn' else 'refund' end, r.id, d.id,
           case d.release when 'burn' then ${escrow} else d.from_address end,
           case d.release when 'burn' then r.total else d.amount end,
           'final', ${escrow}, h.txhash, array[h.txhash], h.txhash, r.updated_at, r.updated_at, r.updated_at
      from redemptions r
      join escrow_deposits d on d.redemption_id = r.id and d.release is not null
      cross join lateral (select case d.release when 'burn' then ${hash('b0e0')} else ${hash('eef0')} end as txhash) h`);
  const [counted] = await selectRows<{ deposits: number; moves: number }>(
    tx,
    sql`select (select count(*)::int from escrow_deposits) as deposits, (select count(*)::int from chain_transactions) as moves`,
  );
  context.inserted.escrow_deposits = counted!.deposits;
  context.inserted.chain_transactions = counted!.moves;
}
