import type { AccountProfile } from '@gold/contract';
import { FieldList } from '@/components/ui/field-list';
import { formatDateTime } from '@/lib/format';

/** The signed-in admin's name, e-mail and account facts, read-only. */
export function ProfileDetails({ profile }: { profile: AccountProfile }) {
  const fields = [
    { label: 'Fullname', value: profile.fullName },
    { label: 'Email', value: profile.email },
    { label: 'Role', value: profile.role },
    { label: 'Last sign-in', value: profile.lastSignInAt ? formatDateTime(profile.lastSignInAt) : '-' },
    { label: 'Password changed', value: formatDateTime(profile.passwordChangedAt) },
  ];
  return <FieldList fields={fields} />;
}
