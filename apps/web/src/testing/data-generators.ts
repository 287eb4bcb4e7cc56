import type { CustomerListItem } from '@gold/contract';

let nextCustomerId = 1;

/** A customer as the User List shows it; each call a new id, name and e-mail unless given. */
export function createCustomer(overrides: Partial<CustomerListItem> = {}): CustomerListItem {
  const id = overrides.id ?? nextCustomerId++;
  return {
    id,
    fullName: `Customer ${String(id).padStart(3, '0')}`,
    email: `customer${id}@example.com`,
    emailStatus: 'VERIFIED',
    dob: '1990-05-17',
    gender: id % 2 ? 'FEMALE' : 'MALE',
    province: 'Jawa Barat',
    ekycStatus: 'VERIFIED',
    walletAddress: `0x${id.toString(16).padStart(40, 'a')}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + id * 86_400_000).toISOString(),
    ...overrides,
  };
}

/** `count` customers with ids 1..count (registered one day apart, id 1 first). */
export function createCustomers(count: number, overrides: (index: number) => Partial<CustomerListItem> = () => ({})): CustomerListItem[] {
  return Array.from({ length: count }, (_, index) => createCustomer({ id: index + 1, ...overrides(index) }));
}
