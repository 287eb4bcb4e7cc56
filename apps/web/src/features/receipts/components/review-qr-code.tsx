import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';

/**
 * A QR code of `url` as an SVG image (drawn without a canvas, sharp in print; the CSP allows
 * data: images). Scanned at the counter, it opens the redemption's review page.
 */
export function ReviewQrCode({ url, size = 112 }: { url: string; size?: number }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (markup) => current && setSvg(markup),
      () => current && setSvg(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return <Box sx={{ width: size, height: size }} aria-hidden />;
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t('QR code: {{url}}', { url })}
      data-testid="review-qr-code"
      sx={{ width: size, height: size, display: 'block' }}
    />
  );
}
