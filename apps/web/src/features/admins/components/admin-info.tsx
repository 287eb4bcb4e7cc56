import type { AdminDetail } from '@gold/contract';
import { FieldList, type Field } from '@/components/ui/field-list';
import { formatDateTime, orDash } from '@/lib/format';
import { AdminStatusChip } from './admin-status-chip';
import { useTranslation } from 'react-i18next';

/** View Admin Detail's read-only information, as a description list. */
export function AdminInfo({ admin }: { admin: AdminDetail }) {
  const { t } = useTranslation();
  const fields: Field[] = [
    { label: t('Fullname'), value: admin.fullName },
    { label: t('Email'), value: admin.email },
    { label: t('Phone Number'), value: orDash(admin.phoneNumber) },
    { label: t('Role'), value: t(admin.type) },
    { label: t('Location'), value: orDash(admin.locationCode) },
    { label: t('Status'), value: <AdminStatusChip status={admin.status} /> },
    { label: t('Two-factor Sign-in'), value: admin.twoFactorEnabled ? t('On (authenticator app)') : t('Off') },
    { label: t('Registered'), value: formatDateTime(admin.createdAt) },
    { label: t('Last Sign-in'), value: formatDateTime(admin.lastSignInAt) },
    { label: t('Password Changed'), value: formatDateTime(admin.passwordChangedAt) },
  ];
  return <FieldList fields={fields} />;
}
