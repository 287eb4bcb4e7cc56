import type { AdminDetail, AuditEntry, ContactMessage } from '@gold/contract';
import { jsonResponse, type Handler } from './http';
import { testAdmin } from './render-app';

/** An admin as the API answers it (list rows and details share the shape). */
export function createAdmin(overrides: Partial<AdminDetail> = {}): AdminDetail {
  const id = overrides.id ?? 2;
  const fullName = overrides.fullName ?? `Admin ${String(id).padStart(2, '0')}`;
  return {
    id,
    fullName,
    fullname: fullName,
    email: `admin${id}@example.com`,
    phoneNumber: '+6281234567890',
    type: 'Administrator',
    role: 'Administrator',
    locationId: null,
    locationCode: null,
    status: 'Activated',
    twoFactorEnabled: false,
    createdAt: new Date(Date.UTC(2025, 0, 1) + id * 86_400_000).toISOString(),
    lastSignInAt: null,
    updatedAt: '2025-06-01T00:00:00.000Z',
    passwordChangedAt: '2025-06-01T00:00:00.000Z',
    ...overrides,
    ...(overrides.fullName && !overrides.fullname ? { fullname: overrides.fullName } : {}),
  };
}

/** The signed-in admin (`testAdmin`, id 1) as a row. */
export const signedInAdminRow = () =>
  createAdmin({ id: testAdmin.id, fullName: testAdmin.fullName, email: testAdmin.email, lastSignInAt: '2025-07-01T03:00:00.000Z' });

/** One admin's detail, as data[0]. */
export const adminAnswer =
  (admin: AdminDetail): Handler =>
  () =>
    jsonResponse(200, { data: [admin] });

export function createContact(overrides: Partial<ContactMessage> = {}): ContactMessage {
  const id = overrides.id ?? 1;
  return {
    id,
    fullname: `Sender ${String(id).padStart(2, '0')}`,
    institutionName: 'PT Emas Nusantara',
    message: `Message number ${id}`,
    createdAt: new Date(Date.UTC(2025, 4, 1) + id * 3_600_000).toISOString(),
    email: `sender${id}@example.com`,
    phoneNumber: '+6281234567890',
    chatNumber: '6281234567890',
    ...overrides,
  };
}

export function createAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const id = overrides.id ?? 1;
  return {
    id,
    occurredAt: new Date(Date.UTC(2025, 5, 1) + id * 60_000).toISOString(),
    admin: { id: testAdmin.id, fullName: testAdmin.fullName, email: testAdmin.email },
    action: 'admin.edit',
    entity: 'admin',
    entityId: '2',
    fromState: 'Activated',
    toState: 'Not Activated',
    details: { before: { status: 'Activated' }, after: { status: 'Not Activated' }, endedSessions: 1 },
    ipAddress: '10.0.0.7',
    ...overrides,
  };
}
