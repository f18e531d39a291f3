/**
 * One game notice: an icon for its kind, its text (an organiser's notice as sanitised Markdown;
 * the platform's own notices written from their values) and how long ago it was published.
 */
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { useTranslation } from 'react-i18next';
import type { GameNotice } from '@/api/types';
import { renderMarkdown } from '@/lib/markdown';
import { formatDateTime, formatRelative } from '@/lib/time/format';
import { BloodIcon } from '@/components/challenge/BloodIcon';

/** The text of a platform notice (not `Normal`), from its type and values. */
export function useNoticeText() {
  const { t } = useTranslation();
  return ({ type, values }: GameNotice): string => {
    const [first = '', second = ''] = values;
    switch (type) {
      case 'FirstBlood':
      case 'SecondBlood':
      case 'ThirdBlood':
        return t(`challenges.notices.text.${type}`, { team: first, challenge: second });
      case 'NewHint':
      case 'NewChallenge':
        return t(`challenges.notices.text.${type}`, { challenge: first });
      case 'Normal':
        return first;
    }
  };
}

function NoticeIcon({ type }: { type: GameNotice['type'] }) {
  const { t } = useTranslation();
  const a11y = { titleAccess: t(`challenges.notices.types.${type}`), fontSize: 'small' as const };
  switch (type) {
    case 'FirstBlood':
    case 'SecondBlood':
    case 'ThirdBlood':
      return <BloodIcon blood={type} {...a11y} />;
    case 'NewHint':
      return <LightbulbOutlinedIcon {...a11y} color="warning" />;
    case 'NewChallenge':
      return <AddCircleOutlineIcon {...a11y} color="info" />;
    case 'Normal':
      return <CampaignOutlinedIcon {...a11y} color="primary" />;
  }
}

export function NoticeItem({ notice, now }: { notice: GameNotice; now: number }) {
  const { i18n } = useTranslation();
  const text = useNoticeText();
  return (
    <ListItem alignItems="flex-start" disableGutters divider>
      <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
        <NoticeIcon type={notice.type} />
      </ListItemIcon>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {notice.type === 'Normal' ? (
          <Box
            className="markdown"
            sx={{
              typography: 'body2',
              wordBreak: 'break-word',
              '& p': { my: 0.5 },
              '& > :first-of-type': { mt: 0 },
              '& > :last-child': { mb: 0 },
              '& img': { maxWidth: '100%' },
              '& pre': { overflowX: 'auto' },
            }}
            // sanitised by renderMarkdown
            dangerouslySetInnerHTML={{ __html: renderMarkdown(text(notice)) }}
          />
        ) : (
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {text(notice)}
          </Typography>
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={new Date(notice.time).toISOString()}
          title={formatDateTime(notice.time, i18n.language)}
        >
          {formatRelative(notice.time, now, i18n.language)}
        </Typography>
      </Box>
    </ListItem>
  );
}
