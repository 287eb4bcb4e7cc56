import { useQueryClient } from '@tanstack/react-query';
import Grid from '@mui/material/Grid';
import { QueryState } from '@/components/query-state';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useProfile } from '@/features/account/api/get-profile';
import { PasswordForm } from '@/features/account/components/password-form';
import { PhoneForm } from '@/features/account/components/phone-form';
import { ProfileDetails } from '@/features/account/components/profile-details';
import { ProfileSection } from '@/features/account/components/profile-section';
import { SessionsList } from '@/features/account/components/sessions-list';
import { TwoFactorSection } from '@/features/auth/components/two-factor-section';
import { usePageTitle } from '@/app/route-handle';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '@/lib/query-keys';

/** /profile: the signed-in admin's own account: details, phone, password, two-factor sign-in and sessions. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const queryClient = useQueryClient();
  const profile = useProfile();

  return (
    <ContentLayout title={title}>
      <QueryState query={profile}>
        {(data) => (
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 6 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
              <ProfileSection id="profile-account" title={t('Account')}>
                <ProfileDetails profile={data} />
              </ProfileSection>
              <ProfileSection id="profile-phone-number" title={t('Phone Number')}>
                <PhoneForm key={data.phoneNumber ?? ''} profile={data} />
              </ProfileSection>
              <ProfileSection id="profile-password" title={t('Password')}>
                <PasswordForm />
              </ProfileSection>
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
              <ProfileSection id="profile-two-factor" title={t('Two-Factor Sign-In')}>
                <TwoFactorSection
                  enabled={data.twoFactorEnabled}
                  account={data.email}
                  onEnabled={() => {
                    // On at once (the server said so), then the profile as the server has it.
                    queryClient.setQueryData(queryKeys.account.profile, (old) => (old ? { ...old, twoFactorEnabled: true } : old));
                    void queryClient.invalidateQueries({ queryKey: queryKeys.account.profile });
                  }}
                />
              </ProfileSection>
              <ProfileSection id="profile-sessions" title={t('Sessions')}>
                <SessionsList />
              </ProfileSection>
            </Grid>
          </Grid>
        )}
      </QueryState>
    </ContentLayout>
  );
}
