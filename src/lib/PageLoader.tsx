import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a page chunk or its first data loads. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullPage ? '100vh' : 240,
      }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
