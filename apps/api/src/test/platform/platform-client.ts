import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CreatedCredentialResponse, PlatformScope } from '@gold/contract';
import { testAdmin, type TestApp } from '../test-app';
import { addStock } from '../vault-fixtures';

/** Test helpers for the platform API: credentials made through the admin API, calls with a Bearer secret. */

export async function makeCredential(
  t: TestApp,
  scopes: PlatformScope[] = ['customers', 'kyc', 'purchases', 'prices', 'redemptions', 'webhooks'],
  extra: { name?: string; expiresAt?: string } = {},
): Promise<CreatedCredentialResponse> {
  // Credentials are settings: an Administrator's.
  const response = await t.injectAs('Administrator', {
    method: 'POST',
    url: '/api/admin/credentials',
    payload: {
      name: extra.name ?? `test platform ${randomUUID().slice(0, 8)}`,
      scopes,
      ...(extra.expiresAt ? { expiresAt: extra.expiresAt } : {}),
      reauth: { password: testAdmin.password },
    },
  });
  if (response.statusCode !== 201) throw new Error(`credential not created: ${response.statusCode} ${response.body}`);
  return response.json<CreatedCredentialResponse>();
}

/** A platform call: POSTs get a fresh Idempotency-Key unless one is given. */
export function platformCall(
  t: TestApp,
  secret: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method,
    url: `/api/platform${path}`,
    headers: { authorization: `Bearer ${secret}`, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}), ...headers },
  };
  if (payload !== undefined) options.payload = payload;
  return t.app.inject(options);
}

/** An open counter day (Monday to Friday, the default) at least two days from now, as YYYY-MM-DD. */
export function nextCounterDay(fromDays = 2): string {
  let day = new Date(Date.now() + 7 * 3_600_000 + fromDays * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
}

let walletCounter = 0;
/** A distinct wallet address per call. */
export function newWallet(): string {
  walletCounter += 1;
  return `0x${(Date.now().toString(16) + walletCounter.toString(16).padStart(6, '0') + randomUUID().replace(/-/g, '')).slice(0, 40)}`;
}

/** A customer registered through the platform and, unless told otherwise, KYC-verified. */
export async function verifiedCustomer(t: TestApp, secret: string, verified = true): Promise<number> {
  const registered = await platformCall(t, secret, 'POST', '/customers', {
    email: `c-${randomUUID().slice(0, 12)}@example.com`,
    fullName: 'Sari Wulandari',
    walletAddress: newWallet(),
  });
  if (registered.statusCode !== 201) throw new Error(`customer not registered: ${registered.statusCode} ${registered.body}`);
  const id = registered.json<{ id: number }>().id;
  if (verified) {
    const kyc = await platformCall(t, secret, 'POST', `/customers/${id}/kyc`, { status: 'SUCCESS', referenceNumber: `REF-${id}` });
    if (kyc.statusCode !== 201) throw new Error(`KYC not recorded: ${kyc.statusCode} ${kyc.body}`);
  }
  return id;
}

/** Puts pieces of a denomination in the vault through the admin API (proposed, then confirmed by a second admin). */
export async function addPieces(t: TestApp, denom: number, amount: number): Promise<void> {
  await addStock(t, denom, amount);
}
