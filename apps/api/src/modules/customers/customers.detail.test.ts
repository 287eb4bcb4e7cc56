import { beforeAll, expect, it } from 'vitest';
import { customers, kycNotifications } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

describeEachEngine('user detail', (t) => {
  let verifiedId = 0;
  let bareId = 0;

  beforeAll(async () => {
    const { db } = t().database;
    const [verified, bare] = await db
      .insert(customers)
      .values([
        {
          fullName: 'Siti Rahayu',
          email: 'siti@example.com',
          emailStatus: 'VERIFIED',
          dob: '1990-04-12',
          gender: 'FEMALE',
          province: 'Bali',
          address: 'Jl. Sunset Road 8, Kuta',
          nik: '5171012304900001',
          phoneNumber: '+6281234567890',
          ekycStatus: 'VERIFIED',
          walletAddress: '0x00000000000000000000000000000000000000a1',
          createdAt: new Date('2026-01-02T03:04:05.678Z'),
        },
        { fullName: 'Tanpa Dompet', email: 'bare@example.com' },
      ])
      .returning();
    verifiedId = verified!.id;
    bareId = bare!.id;
    await db.insert(kycNotifications).values([
      { customerId: verifiedId, status: 'FAILED', referenceNumber: 'KYC-OLD-1', createdAt: new Date('2026-01-03T00:00:00Z') },
      { customerId: verifiedId, status: 'SUCCESS', referenceNumber: 'KYC-REF-42', createdAt: new Date('2026-01-04T00:00:00Z') },
      { customerId: verifiedId, status: 'PENDING', referenceNumber: 'KYC-LATER', createdAt: new Date('2026-01-05T00:00:00Z') },
    ]);
  });

  const get = (id: string | number) => t().injectAsAdmin({ method: 'GET', url: `/api/admin/users/${id}` });

  it('answers 401 without a session', async () => {
    expect((await t().app.inject({ method: 'GET', url: `/api/admin/users/${verifiedId}` })).statusCode).toBe(401);
  });

  it('answers every field of the spec, the wallet and the KYC reference of the SUCCESS notification', async () => {
    const response = await get(verifiedId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: verifiedId,
      fullName: 'Siti Rahayu',
      email: 'siti@example.com',
      emailStatus: 'VERIFIED',
      dob: '1990-04-12',
      gender: 'FEMALE',
      province: 'Bali',
      address: 'Jl. Sunset Road 8, Kuta',
      nik: '5171012304900001',
      phoneNumber: '+6281234567890',
      ekycStatus: 'VERIFIED',
      walletAddress: '0x00000000000000000000000000000000000000a1',
      Wallet: { publicAddress: '0x00000000000000000000000000000000000000a1' },
      createdAt: '2026-01-02T03:04:05.678Z',
      notifications: [
        { status: 'FAILED', referenceNumber: 'KYC-OLD-1', createdAt: '2026-01-03T00:00:00.000Z' },
        { status: 'SUCCESS', referenceNumber: 'KYC-REF-42', createdAt: '2026-01-04T00:00:00.000Z' },
        { status: 'PENDING', referenceNumber: 'KYC-LATER', createdAt: '2026-01-05T00:00:00.000Z' },
      ],
      kycReferenceNumber: 'KYC-REF-42',
    });
  });

  it('answers nulls, no wallet and no notifications for a customer who has none', async () => {
    const response = await get(bareId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: bareId,
      dob: null,
      gender: null,
      province: null,
      address: null,
      nik: null,
      phoneNumber: null,
      ekycStatus: 'UNVERIFIED',
      walletAddress: null,
      Wallet: null,
      notifications: [],
      kycReferenceNumber: null,
    });
  });

  it('answers 404 naming an unknown id', async () => {
    const response = await get(2_000_000_000);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User 2000000000 not found');
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', "1' or '1'='1", '%25', '1e3x'])('refuses the id %s with 400 naming it', async (id) => {
    const response = await get(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/id/);
  });
});
