import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { addAdminBody, passwordMismatchMessage, type AddAdminBody, type Reauthentication } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { PhoneInput } from '@/components/form/phone-input';
import { TextInput } from '@/components/form/text-input';
import { paths } from '@/config/paths';
import { useAddAdmin } from '../api/add-admin';
import { errorMessage } from '@/lib/api-client';
import { fieldOfError } from '../lib/field-of-error';
import type { Outcome } from '../lib/outcome';
import { OutcomeDialog, ReauthDialog } from './admin-dialogs';
import { RoleFields } from './role-fields';
import { isReauthError } from '@/lib/reauth-error';
import { useTranslation } from 'react-i18next';
import { serverText, translateServerMessage } from '@/lib/i18n';

type AddAdminValues = AddAdminBody & { confirmPassword: string; phoneNumber: string };
const fields = ['fullname', 'email', 'phoneNumber', 'password', 'confirmPassword'] as const;

const contractResolver = zodResolver(addAdminBody) as unknown as Resolver<AddAdminValues>;
/** The contract's schema; the two passwords are compared even while another field is wrong (zod skips the refinement then). */
const resolver: Resolver<AddAdminValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  let errors = result.errors;
  if (values.password !== values.confirmPassword && !errors.confirmPassword)
    errors = { ...errors, confirmPassword: { type: 'mismatch', message: passwordMismatchMessage } };
  // A Teller serves one location: it must be chosen (the server says so too).
  if (values.role === 'Teller' && !values.locationId)
    errors = { ...errors, locationId: { type: 'required', message: tellerLocationMessage } };
  return errors === result.errors ? result : { values: {}, errors };
};

const tellerLocationMessage = 'Choose the location this Teller serves';

const emptyForm: AddAdminValues = {
  fullname: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  status: 'Activated',
  role: 'Administrator',
  locationId: null,
};

/** Add Admin: fullname, email, phone (Indonesia by default), role (a Teller's location with it), password twice; the outcome in a dialog. */
export function AddAdminForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddAdmin();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [addedId, setAddedId] = useState<number | null>(null);
  /** The checked form, waiting for the adding admin's password. */
  const [confirming, setConfirming] = useState<AddAdminValues | null>(null);
  // Checked on submit, then again as a field changes (a blur would clear the server's message under a field).
  const form = useForm<AddAdminValues>({ resolver, defaultValues: emptyForm });
  const { errors } = form.formState;
  const [role, locationId] = useWatch({ control: form.control, name: ['role', 'locationId'] });
  /** react-hook-form's registration, its ref on the <input> itself (so a field with an error can be focused). */
  const field = (name: (typeof fields)[number]) => {
    const { ref, ...registration } = form.register(name);
    return { ...registration, inputRef: ref };
  };

  const addConfirmed = async (values: AddAdminValues, reauth: Reauthentication) => {
    try {
      // The phone field shows the calling code alone ('+62 ') until a number is typed: that is no number.
      const phoneNumber = /^\+?\d{0,4}\s*$/.test(values.phoneNumber) ? null : values.phoneNumber;
      // Only a Teller has a location.
      const locationId = values.role === 'Teller' ? values.locationId : null;
      const admin = await add.mutateAsync({ ...values, locationId, phoneNumber, reauth });
      setConfirming(null);
      setAddedId(admin.id);
      setOutcome({
        kind: 'updated',
        message: t('{{name}} ({{email}}) was added as {{role}} and can sign in now.', {
          name: admin.fullName,
          email: admin.email,
          role: t(admin.role),
        }),
      });
      form.reset(emptyForm);
    } catch (error) {
      // A wrong password or code: the dialog stays open and says so.
      if (isReauthError(error)) return;
      setConfirming(null);
      const named = fieldOfError(error, fields);
      if (named) form.setError(named.field, { type: 'server', message: named.message });
      setOutcome({ kind: 'updateFailed', message: translateServerMessage(errorMessage(error)) });
    }
  };

  const submit = form.handleSubmit(
    (values) => {
      add.reset();
      setConfirming(values);
    },
    (invalid: FieldErrors<AddAdminValues>) => {
      if (invalid.confirmPassword?.message === passwordMismatchMessage) {
        setOutcome({ kind: 'mismatch', message: t('The password and its confirmation differ: type the same password in both fields.') });
      }
    },
  );

  const closeOutcome = () => {
    setOutcome(null);
    if (addedId !== null) void navigate(paths.app.admin.getHref(addedId));
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-label={t('Add Admin')}>
        <TextInput
          id="admin-fullname"
          label={t('Fullname')}
          required
          fullWidth
          autoComplete="off"
          {...field('fullname')}
          error={Boolean(errors.fullname)}
          helperText={serverText(errors.fullname?.message)}
        />
        <TextInput
          id="admin-email"
          label={t('Email')}
          type="email"
          required
          fullWidth
          autoComplete="off"
          {...field('email')}
          error={Boolean(errors.email)}
          helperText={serverText(errors.email?.message)}
        />
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field, fieldState }) => (
            <PhoneInput
              id="admin-phone"
              label={t('Phone Number')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={serverText(fieldState.error?.message)}
              helperText={t('Indonesia (+62) unless another country is chosen')}
            />
          )}
        />
        <RoleFields
          idPrefix="admin"
          role={role ?? 'Administrator'}
          locationId={locationId ?? null}
          onRole={(value) => form.setValue('role', value, { shouldValidate: form.formState.isSubmitted })}
          onLocation={(value) => form.setValue('locationId', value, { shouldValidate: form.formState.isSubmitted })}
          roleError={errors.role?.message}
          locationError={errors.locationId?.message}
        />
        <PasswordField
          id="admin-password"
          label={t('Password')}
          required
          fullWidth
          autoComplete="new-password"
          {...field('password')}
          error={Boolean(errors.password)}
          helperText={serverText(errors.password?.message) ?? t('At least 12 characters; not a common password, not your name or e-mail')}
        />
        <PasswordField
          id="admin-confirm-password"
          label={t('Confirm Password')}
          required
          fullWidth
          autoComplete="new-password"
          {...field('confirmPassword')}
          error={Boolean(errors.confirmPassword)}
          helperText={serverText(errors.confirmPassword?.message)}
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={add.isPending}>
            {t('Add Admin')}
          </Button>
        </Stack>
      </Stack>
      {confirming ? (
        <ReauthDialog
          title={t('Add Admin')}
          confirmLabel={t('Add Admin')}
          busy={add.isPending}
          error={add.error && isReauthError(add.error) ? add.error : null}
          onConfirm={(reauth) => void addConfirmed(confirming, reauth)}
          onCancel={() => setConfirming(null)}
        >
          {t('A new admin is a new way into the back office: confirm with your password that it is you.')}
        </ReauthDialog>
      ) : null}
      {outcome ? <OutcomeDialog outcome={outcome} onClose={closeOutcome} /> : null}
    </Paper>
  );
}
