import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AccountProfile } from '@gold/contract';
import { PhoneInput } from '@/components/form/phone-input';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useUpdateProfile } from '../api/update-profile';
import { fieldErrorsOf } from '../lib/field-errors';
import { useTranslation } from 'react-i18next';

/** Only a calling code ('+62', at most 3 digits) or nothing: the admin removes the number. */
const isEmptyNumber = (value: string) => value.replace(/\D/g, '').length <= 3;

/** Profile's phone number and 'Update Profile'. */
export function PhoneForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateProfile();
  const [phone, setPhone] = useState(profile.phoneNumber ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await update.mutateAsync({ phoneNumber: isEmptyNumber(phone) ? null : phone.trim() });
    } catch (failure) {
      const errors = fieldErrorsOf(failure, ['phoneNumber'] as const);
      setError(errors.phoneNumber);
      notify.error(`${t('Data Update Error')}: ${errors.phoneNumber ?? errors.form ?? ''}`);
      return;
    }
    notify.success(t('Data Update Success'));
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('Phone number')}>
      <PhoneInput id="profile-phone" label={t('Phone Number')} value={phone} onChange={setPhone} error={error} autoComplete="tel" />
      <Button type="submit" variant="contained" loading={update.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('Update Profile')}
      </Button>
    </Stack>
  );
}
