/**
 * The mark of a hidden game on the console home: players neither see nor join it until an
 * organiser publishes it, so an imported copy is told apart from its published original.
 */
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export function HiddenMark() {
  const { t } = useTranslation();
  return (
    // describeChild: the chip's name stays "Hidden"; the hint is its description.
    <Tooltip title={t('console.home.hidden_hint')} describeChild>
      <Chip
        size="small"
        variant="outlined"
        icon={<VisibilityOffIcon />}
        label={t('console.home.hidden')}
        data-testid="home-hidden"
      />
    </Tooltip>
  );
}
