import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { adminStatuses, editAdminBody, passwordMismatchMessage, type AdminDetail, type AdminStatus } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { useEditAdmin } from '../api/edit-admin';
import { errorMessage } from '@/lib/api-client';
import { fieldOfError } from '../lib/field-of-error';
import type { Outcome } from '../lib/outcome';
import { OutcomeDialog } from './admin-dialogs';
import { adminStatusLabels } from './admin-status-chip';
import { useTranslation } from 'react-i18next';
import { serverText, translateServerMessage } from '@/lib/i18n';

interface EditValues {
  status: AdminStatus;
  password: string;
  confirmPassword: string;
}
const passwordFields = ['password', 'confirmPassword'] as const;

const contractResolver = zodResolver(editAdminBody) as unknown as Resolver<EditValues>;
/** The contract's schema, the two passwords compared whatever else is wrong. */
const resolver: Resolver<EditValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  if (values.password === values.confirmPassword || result.errors.confirmPassword) return result;
  return { values: {}, errors: { ...result.errors, confirmPassword: { type: 'mismatch', message: passwordMismatchMessage } } };
};

interface AdminEditFormProps {
  admin: AdminDetail;
  /** The signed-in admin is this one: it cannot deactivate itself. */
  isSelf: boolean;
}

/** Status (Active / Not Active) and a new password with its confirmation; 'Update Information' sends {status, password, confirmPassword}. */
export function AdminEditForm({ admin, isSelf }: AdminEditFormProps) {
  const { t } = useTranslation();
  const edit = useEditAdmin();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<EditValues>({ resolver, defaultValues: { status: admin.status, password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const field = (name: (typeof passwordFields)[number]) => {
    const { ref, ...registration } = form.register(name);
    return { ...registration, inputRef: ref };
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const updated = await edit.mutateAsync({ id: admin.id, body: values });
        form.reset({ status: updated.status, password: '', confirmPassword: '' });
        const parts = [t('{{name}} is {{status}}.', { name: updated.fullName, status: t(adminStatusLabels[updated.status]) })];
        if (values.password !== '') parts.push(t('The new password is set and its other sessions were ended.'));
        else if (updated.status === 'Not Activated' && admin.status === 'Activated') parts.push(t('Its sessions were ended.'));
        setOutcome({ kind: 'updated', message: parts.join(' ') });
      } catch (error) {
        const named = fieldOfError(error, passwordFields);
        if (named) form.setError(named.field, { type: 'server', message: named.message });
        setOutcome({ kind: 'updateFailed', message: translateServerMessage(errorMessage(error)) });
      }
    },
    (invalid) => {
      if (invalid.confirmPassword?.message === passwordMismatchMessage) {
        setOutcome({
          kind: 'mismatch',
          message: t('The new password and its confirmation differ: type the same password in both fields.'),
        });
      }
    },
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label={t('Update admin')}>
      <Controller
        control={form.control}
        name="status"
        render={({ field: status }) => (
          <FormControl>
            <FormLabel id="admin-status-label">{t('Status')}</FormLabel>
            <RadioGroup row aria-labelledby="admin-status-label" name={status.name} value={status.value} onChange={status.onChange}>
              {adminStatuses.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={t(adminStatusLabels[value])}
                  disabled={isSelf && value === 'Not Activated' && admin.status === 'Activated'}
                />
              ))}
            </RadioGroup>
            <FormHelperText>
              {isSelf
                ? t('This is your own account: another admin can deactivate it.')
                : t('Not Active ends its sessions and refuses its sign-in.')}
            </FormHelperText>
          </FormControl>
        )}
      />
      <PasswordField
        id="admin-new-password"
        label={t('Password')}
        fullWidth
        autoComplete="new-password"
        {...field('password')}
        error={Boolean(errors.password)}
        helperText={
          serverText(errors.password?.message) ?? t('Leave empty to keep the current password (at least 12 characters otherwise)')
        }
      />
      <PasswordField
        id="admin-confirm-new-password"
        label={t('Confirm Password')}
        fullWidth
        autoComplete="new-password"
        {...field('confirmPassword')}
        error={Boolean(errors.confirmPassword)}
        helperText={serverText(errors.confirmPassword?.message)}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={edit.isPending}>
          {t('Update Information')}
        </Button>
      </Stack>
      {outcome ? <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </Stack>
  );
}
