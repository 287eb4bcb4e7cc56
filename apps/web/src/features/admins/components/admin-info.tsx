import type { AdminDetail } from '@gold/contract';
import { FieldList, type Field } from '@/components/ui/field-list';
import { formatDateTime, orDash } from '@/lib/format';
import { AdminStatusChip } from './admin-status-chip';

/** View Admin Detail's read-only information, as a description list. */
export function AdminInfo({ admin }: { admin: AdminDetail }) {
  const fields: Field[] = [
    { label: 'Fullname', value: admin.fullName },
    { label: 'Email', value: admin.email },
    { label: 'Phone Number', value: orDash(admin.phoneNumber) },
    { label: 'Role', value: admin.type },
    { label: 'Status', value: <AdminStatusChip status={admin.status} /> },
    { label: 'Two-factor Sign-in', value: admin.twoFactorEnabled ? 'On (authenticator app)' : 'Off' },
    { label: 'Registered', value: formatDateTime(admin.createdAt) },
    { label: 'Last Sign-in', value: formatDateTime(admin.lastSignInAt) },
    { label: 'Password Changed', value: formatDateTime(admin.passwordChangedAt) },
  ];
  return <FieldList fields={fields} />;
}
