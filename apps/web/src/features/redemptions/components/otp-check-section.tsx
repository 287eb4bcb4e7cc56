import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { RedemptionDetail, SendOtpResponse } from '@gold/contract';
import { TextInput } from '@/components/form/text-input';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { formatDateTime } from '@/lib/format';
import { useCheckOtp } from '../api/check-otp';
import { useSendOtp } from '../api/send-otp';
import { reportOutcome } from '../lib/report-outcome';
import { otpProblem } from '../lib/validation';
import { ReviewSection } from './review-section';

function codeState(redemption: RedemptionDetail, sent: SendOtpResponse | null, t: TFunction): string {
  const { otpStatus } = redemption;
  if (otpStatus.verified && otpStatus.verifiedUntil)
    return t('Code checked: approve before {{time}}.', { time: formatDateTime(otpStatus.verifiedUntil) });
  if (otpStatus.codeExpiresAt) {
    const shown = {
      until: formatDateTime(otpStatus.codeExpiresAt),
      tries: t(otpStatus.attemptsLeft === 1 ? '{{count}} try left' : '{{count}} tries left', { count: otpStatus.attemptsLeft }),
    };
    return sent
      ? t('A code was sent to {{to}}; it is valid until {{until}} ({{tries}}).', { ...shown, to: sent.sentTo })
      : t('A code was sent; it is valid until {{until}} ({{tries}}).', shown);
  }
  return t('No code is waiting: Send OTP e-mails one to the customer.');
}

interface OtpCheckSectionProps {
  redemption: RedemptionDetail;
  /** The code was right: approve is allowed (the server keeps that for 10 minutes). */
  onChecked: () => void;
  /** A new code went out: an earlier check no longer counts. */
  onSent: () => void;
}

/** Redemption OTP Check: send the customer a code by e-mail, then check the 6 digits they show at the counter. */
export function OtpCheckSection({ redemption, onChecked, onSent }: OtpCheckSectionProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const sendOtp = useSendOtp();
  const checkOtp = useCheckOtp();
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<SendOtpResponse | null>(null);

  const send = () =>
    void reportOutcome(sendOtp.mutateAsync({ id: redemption.id }), notify, 'OTP Sent Successfully', (answer) => {
      setSent(answer);
      onSent();
    });

  const check = () => {
    const found = otpProblem(otp);
    setProblem(found);
    if (found) return;
    void reportOutcome(checkOtp.mutateAsync({ id: redemption.id, otp: otp.trim() }), notify, 'OTP Check Success', () => {
      setOtp('');
      onChecked();
    });
  };

  return (
    <ReviewSection id="otp-check" title={t('Redemption OTP Check')}>
      <Typography variant="body2" color="text.secondary">
        {codeState(redemption, sent, t)}
      </Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <TextInput
          id="redemption-otp"
          label="OTP"
          value={otp}
          onChange={(event) => {
            setOtp(event.target.value);
            if (problem) setProblem(null);
          }}
          error={problem !== null}
          helperText={t(problem ?? 'The 6 digits from the customer’s e-mail')}
          autoComplete="one-time-code"
          inputProps={{ inputMode: 'numeric', maxLength: 6 }}
          sx={{ width: { sm: 240 } }}
        />
        <Button variant="outlined" onClick={send} loading={sendOtp.isPending} sx={{ minHeight: 56 }}>
          {t('Send OTP')}
        </Button>
        <Button type="submit" variant="contained" loading={checkOtp.isPending} sx={{ minHeight: 56 }}>
          {t('Check OTP')}
        </Button>
      </Stack>
    </ReviewSection>
  );
}
