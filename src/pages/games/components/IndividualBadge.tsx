/** "Individual": the game is played alone, without a team (issue 25). */
import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';

export function IndividualBadge({ size = 'small' }: { size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('individualPlay.badge_help')}>
      <Chip
        size={size}
        color="primary"
        variant="outlined"
        icon={<PersonIcon />}
        label={t('individualPlay.badge')}
      />
    </Tooltip>
  );
}
