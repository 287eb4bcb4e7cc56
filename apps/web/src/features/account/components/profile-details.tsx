import { useTranslation } from 'react-i18next';
import type { AccountProfile } from '@gold/contract';
import { FieldList } from '@/components/ui/field-list';
import { formatDateTime } from '@/lib/format';

/** The signed-in admin's name, e-mail and account facts, read-only. */
export function ProfileDetails({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const fields = [
    { label: t('Fullname'), value: profile.fullName },
    { label: t('Email'), value: profile.email },
    { label: t('Role'), value: t(profile.role) },
    { label: t('Last sign-in'), value: profile.lastSignInAt ? formatDateTime(profile.lastSignInAt) : '-' },
    { label: t('Password changed'), value: formatDateTime(profile.passwordChangedAt) },
  ];
  return <FieldList fields={fields} />;
}
