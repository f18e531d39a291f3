/** A game's latest bloods on its home card: who, on what, how long ago. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BloodOverview } from '@/api/types';
import { formatRelative } from '@/lib/time/format';

export function BloodList({ bloods, now }: { bloods: readonly BloodOverview[]; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-label={t('console.home.bloods')}>
      <Typography variant="caption" color="text.secondary" component="h4">
        {t('console.home.bloods')}
      </Typography>
      {bloods.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('console.home.no_bloods')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {bloods.map((blood) => (
            <ListItem key={`${blood.type}-${blood.time}-${blood.team}`} disableGutters>
              <ListItemText
                primary={t(`resources.notices.text.${blood.type}`, {
                  team: blood.team,
                  challenge: blood.challenge,
                })}
                secondary={formatRelative(blood.time, now, i18n.language)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
