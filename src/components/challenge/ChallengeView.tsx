/**
 * A challenge as a player sees it: title, category, current score, the description as sanitised
 * Markdown, hints and the attachment. Presentational only: the caller passes the values and, as
 * children, what acts on the challenge (the flag form, the instance panel). The player's challenge
 * dialog and the console's preview both render it.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { fileNameOf, formatFileSize } from '@/lib/files';
import { renderMarkdown } from '@/lib/markdown';
import type { ChallengeCategory, FileType } from '@/api/types';

export interface ChallengeViewAttachment {
  type: FileType;
  /** The download link; null when there is none to show (a missing file, a previewed per-team file). */
  url: string | null;
  /** Bytes of a local file. */
  fileSize?: number | null;
  /** The download name; taken from the URL when absent (per-team files: each keeps its own). */
  name?: string;
  /** Each team gets its own file (dynamic attachments). */
  perTeam?: boolean;
  /** Downloads a local file in the page (with progress and errors) instead of following the link. */
  onDownload?: (url: string, name: string) => void;
}

export interface ChallengeViewProps {
  title: string;
  category: ChallengeCategory;
  /** The current score; undefined when it cannot be known (scoring settings being typed). */
  score?: number;
  /** Markdown. */
  content: string;
  hints?: readonly string[] | null;
  attachment?: ChallengeViewAttachment | null;
  /** What acts on the challenge: the flag form, the instance panel. */
  children?: ReactNode;
}

function AttachmentLink({ attachment }: { attachment: ChallengeViewAttachment }) {
  const { t } = useTranslation();
  const { type, url, fileSize, name, perTeam, onDownload } = attachment;
  if (type === 'None') return null;
  if (!url) {
    return perTeam ? (
      <Alert severity="info">
        {name === undefined
          ? t('challenge.per_team_file_uploaded')
          : t('challenge.per_team_file', { name })}
      </Alert>
    ) : (
      <Typography color="text.secondary">{t('challenge.file_missing')}</Typography>
    );
  }
  const label = name ?? fileNameOf(url);
  const inPage = type === 'Local' && onDownload !== undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        {...(inPage
          ? { onClick: () => onDownload(url, label) }
          : { href: url, target: '_blank', rel: 'noreferrer' })}
        startIcon={type === 'Remote' ? <OpenInNewIcon /> : <DownloadIcon />}
        sx={{ textTransform: 'none', wordBreak: 'break-all' }}
      >
        {label}
      </Button>
      {typeof fileSize === 'number' && (
        <Typography variant="body2" color="text.secondary">
          {formatFileSize(fileSize)}
        </Typography>
      )}
    </Stack>
  );
}

function Hints({ hints }: { hints: string[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('challenge.hints')}>
      <Typography variant="subtitle2" component="h3">
        {t('challenge.hints')}
      </Typography>
      <List dense disablePadding>
        {hints.map((hint, index) => (
          <ListItem key={index} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <LightbulbOutlinedIcon fontSize="small" color="warning" />
            </ListItemIcon>
            <ListItemText primary={hint} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function ChallengeView({
  title,
  category,
  score,
  content,
  hints,
  attachment,
  children,
}: ChallengeViewProps) {
  const { t } = useTranslation();
  const shownHints = (hints ?? []).filter((hint) => hint.trim() !== '');
  return (
    <Stack component="article" aria-label={title} spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
            {title}
          </Typography>
          <Chip
            size="small"
            label={t(`resources.challenges.categories.${category}`)}
            sx={{ mt: 0.5 }}
          />
        </Box>
        <Typography variant="h6" component="p" color="primary" sx={{ whiteSpace: 'nowrap' }}>
          {score === undefined ? t('challenge.score_unknown') : t('challenge.score', { score })}
        </Typography>
      </Stack>
      <Divider />
      {content.trim() === '' ? (
        <Typography color="text.secondary">{t('challenge.no_content')}</Typography>
      ) : (
        <Box
          className="markdown"
          sx={{ '& img': { maxWidth: '100%' }, '& pre': { overflowX: 'auto' } }}
          // sanitised by renderMarkdown
          dangerouslySetInnerHTML={{ __html: renderMarkdown(content) }}
        />
      )}
      {shownHints.length > 0 && <Hints hints={shownHints} />}
      {attachment && <AttachmentLink attachment={attachment} />}
      {children}
    </Stack>
  );
}
