import createClient from 'openapi-fetch';
import type { paths } from './platform-api';

/**
 * What an integrator writes with a client generated from the OpenAPI document (openapi-typescript
 * types, openapi-fetch calls): every path, body and answer below is checked by the compiler
 * against the document.
 */
export async function registerVerifyAndReadOptions(baseUrl: string, secret: string, email: string, walletAddress: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${secret}` } });
  const registered = await client.POST('/api/platform/customers', {
    params: { header: { 'idempotency-key': `register-${email}` } },
    body: { email, fullName: 'Putri Klien', walletAddress },
  });
  if (!registered.data) throw new Error(`registration refused: ${JSON.stringify(registered.error)}`);
  const customerId: number = registered.data.id;

  const kyc = await client.POST('/api/platform/customers/{customerId}/kyc', {
    params: { path: { customerId }, header: { 'idempotency-key': `kyc-${email}` } },
    body: { status: 'SUCCESS', referenceNumber: 'TYPED-1' },
  });
  const ekycStatus: 'VERIFIED' | 'PENDING' | 'UNVERIFIED' | 'REJECTED' | undefined = kyc.data?.customer.ekycStatus;

  const options = await client.GET('/api/platform/redemption-options');
  const slots: number[] | undefined = options.data?.counter.timeSlots;

  const refused = await client.POST('/api/platform/redemptions', {
    params: { header: { 'idempotency-key': `refused-${email}` } },
    body: { customerId, pieces: [{ denom: 1, amount: 1 }], appointmentDate: '2020-01-06', timeSlot: 8, fee: '0' },
  });
  const refusal: string | undefined = refused.error?.message;
  return { customerId, ekycStatus, slots, refusedStatus: refused.response.status, refusal };
}
