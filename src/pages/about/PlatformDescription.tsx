/** What Vexil is, what it offers, and where its API is described. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DescriptionIcon from '@mui/icons-material/Description';
import { useTranslation } from 'react-i18next';

const FEATURES = ['teams', 'challenges', 'scoreboard', 'organisers'] as const;

export function PlatformDescription() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="about-platform">
        <Typography id="about-platform" variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('about.platform.title')}
        </Typography>
        <Typography>{t('about.platform.description')}</Typography>
        <List dense>
          {FEATURES.map((feature) => (
            <ListItem key={feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlineIcon color="primary" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t(`about.platform.features.${feature}`)} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Box component="section" aria-labelledby="about-api">
        <Typography id="about-api" variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('about.api.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('about.api.description')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button href="/api-docs" variant="outlined" startIcon={<DescriptionIcon />}>
            {t('about.api.reference')}
          </Button>
          <Button href="/openapi.json" startIcon={<DataObjectIcon />}>
            {t('about.api.spec')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
