/** The console home while no game runs: what to do next. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAdminPath } from '@/console/paths';
import { newGame } from './homeLinks';

export function EmptyHome() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <Card variant="outlined" data-testid="home-empty">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {t('console.home.empty_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('console.home.empty_text')}
        </Typography>
        <Button
          component={RouterLink}
          to={adminPath(newGame)}
          variant="contained"
          startIcon={<AddIcon />}
        >
          {t('console.home.create_game')}
        </Button>
      </CardContent>
    </Card>
  );
}
