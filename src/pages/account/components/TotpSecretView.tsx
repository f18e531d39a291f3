/**
 * A new authenticator secret to scan: the `otpauth://` URI drawn as a QR code (with `qrcode`, in
 * the browser: the secret never leaves for an image service) and the same secret as text to type.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@/api/types';

/** The secret in groups of four, easier to read and type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpSecretView({ enrolment }: { enrolment: TotpEnrolment }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(enrolment.uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
      .then((url) => current && setImage(url))
      .catch(() => current && setImage(undefined));
    return () => {
      current = false;
    };
  }, [enrolment.uri]);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ alignSelf: 'stretch' }}>
        {t('twoStep.enrol.scan')}
      </Typography>
      <Box
        sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, p: 0 }}
        aria-busy={!image}
      >
        {image && <img src={image} width={200} height={200} alt={t('twoStep.enrol.qr_alt')} />}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('twoStep.enrol.secret')}
      </Typography>
      <Typography
        component="code"
        data-testid="totp-secret"
        data-secret={enrolment.secret}
        sx={{
          fontFamily: 'monospace',
          fontSize: 16,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          userSelect: 'all',
          wordBreak: 'break-all',
          textAlign: 'center',
        }}
      >
        {grouped(enrolment.secret)}
      </Typography>
    </Stack>
  );
}
