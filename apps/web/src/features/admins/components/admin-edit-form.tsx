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
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  adminStatuses,
  editAdminBody,
  passwordMismatchMessage,
  type AdminDetail,
  type AdminRole,
  type AdminStatus,
  type EditAdminBody,
  type Reauthentication,
} from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { useEditAdmin } from '../api/edit-admin';
import { errorMessage } from '@/lib/api-client';
import { fieldOfError } from '../lib/field-of-error';
import type { Outcome } from '../lib/outcome';
import { OutcomeDialog, ReauthDialog } from './admin-dialogs';
import { RoleFields } from './role-fields';
import { isReauthError } from '@/lib/reauth-error';
import { adminStatusLabels } from './admin-status-chip';
import { useTranslation } from 'react-i18next';
import { serverText, translateServerMessage } from '@/lib/i18n';

interface EditValues {
  status: AdminStatus;
  role: AdminRole;
  locationId: number | null;
  password: string;
  confirmPassword: string;
}
const passwordFields = ['password', 'confirmPassword'] as const;

const contractResolver = zodResolver(editAdminBody) as unknown as Resolver<EditValues>;
/** The contract's schema, the two passwords compared whatever else is wrong. */
const resolver: Resolver<EditValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  let errors = result.errors;
  if (values.password !== values.confirmPassword && !errors.confirmPassword)
    errors = { ...errors, confirmPassword: { type: 'mismatch', message: passwordMismatchMessage } };
  if (values.role === 'Teller' && !values.locationId)
    errors = { ...errors, locationId: { type: 'required', message: 'Choose the location this Teller serves' } };
  return errors === result.errors ? result : { values: {}, errors };
};

/** The form's values as they stand for `admin`. */
const valuesOf = (admin: AdminDetail): EditValues => ({
  status: admin.status,
  role: admin.role,
  locationId: admin.locationId,
  password: '',
  confirmPassword: '',
});

interface AdminEditFormProps {
  admin: AdminDetail;
  /** The signed-in admin is this one: it cannot deactivate itself. */
  isSelf: boolean;
}

/**
 * Status (Active / Not Active), role (a Teller's location) and a new password with its confirmation;
 * 'Update Information' sends {status, password, confirmPassword} and a changed role; a new password or
 * role (or whatever the server asks it for) is confirmed with the editing admin's password.
 */
export function AdminEditForm({ admin, isSelf }: AdminEditFormProps) {
  const { t } = useTranslation();
  const edit = useEditAdmin();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<EditValues>({ resolver, defaultValues: valuesOf(admin) });
  const { errors } = form.formState;
  const [role, locationId] = useWatch({ control: form.control, name: ['role', 'locationId'] });
  /** Checked values waiting for the editing admin's password (a new password or role asks for it). */
  const [confirming, setConfirming] = useState<EditValues | null>(null);
  const field = (name: (typeof passwordFields)[number]) => {
    const { ref, ...registration } = form.register(name);
    return { ...registration, inputRef: ref };
  };

  const send = async (values: EditValues, reauth?: Reauthentication) => {
    // Role and location go only when changed (left out: unchanged); only a Teller has a location.
    const roleChanged = values.role !== admin.role || (values.role === 'Teller' && values.locationId !== admin.locationId);
    const { role: newRole, locationId: newLocation, ...rest } = values;
    const body: EditAdminBody = {
      ...rest,
      ...(roleChanged ? { role: newRole, locationId: newRole === 'Teller' ? newLocation : null } : {}),
      ...(reauth ? { reauth } : {}),
    };
    try {
      const updated = await edit.mutateAsync({ id: admin.id, body });
      setConfirming(null);
      form.reset(valuesOf(updated));
      const parts = [t('{{name}} is {{status}}.', { name: updated.fullName, status: t(adminStatusLabels[updated.status]) })];
      if (values.password !== '') parts.push(t('The new password is set and its other sessions were ended.'));
      else if (updated.status === 'Not Activated' && admin.status === 'Activated') parts.push(t('Its sessions were ended.'));
      if (roleChanged) parts.push(t('Role: {{role}}.', { role: t(updated.role) }));
      setOutcome({ kind: 'updated', message: parts.join(' ') });
    } catch (error) {
      // The server asks for the editing admin's password: the dialog asks (again, when it was wrong).
      if (isReauthError(error)) return setConfirming(values);
      setConfirming(null);
      const named = fieldOfError(error, passwordFields);
      if (named) form.setError(named.field, { type: 'server', message: named.message });
      setOutcome({ kind: 'updateFailed', message: translateServerMessage(errorMessage(error)) });
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      edit.reset();
      // A new password or role is confirmed with the editing admin's password first.
      if (values.password !== '' || values.role !== admin.role) return setConfirming(values);
      await send(values);
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
      {/* Nobody changes their own role: it shows under Admin Information. */}
      {isSelf ? null : (
        <RoleFields
          idPrefix="admin-edit"
          role={role}
          locationId={locationId}
          onRole={(value) => form.setValue('role', value, { shouldValidate: form.formState.isSubmitted })}
          onLocation={(value) => form.setValue('locationId', value, { shouldValidate: form.formState.isSubmitted })}
          roleError={errors.role?.message}
          locationError={errors.locationId?.message}
        />
      )}
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
      {confirming ? (
        <ReauthDialog
          title={t('Update admin')}
          confirmLabel={t('Update Information')}
          busy={edit.isPending}
          error={edit.error && isReauthError(edit.error) ? edit.error : null}
          onConfirm={(reauth) => void send(confirming, reauth)}
          onCancel={() => setConfirming(null)}
        >
          {t('A new password or role changes who can do what: confirm with your password that it is you.')}
        </ReauthDialog>
      ) : null}
      {outcome ? <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </Stack>
  );
}
