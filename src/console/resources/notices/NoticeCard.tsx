/**
 * One notice: its kind, publish time (in the reader's locale) and text. A normal notice's text is
 * sanitised Markdown and can be edited or deleted; the platform's own notices (bloods, new
 * challenges, new hints) are worded from their values and read only.
 */
import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { Button, DeleteButton, useRecordContext, useTranslate } from 'react-admin';
import type { GameNotice, NoticeType } from '@/api/types';
import { MarkdownPreview } from '@/console/inputs/MarkdownInput';
import { NoticeEditDialog } from './NoticeEditDialog';
import type { GameMeta } from '@/console/data/kit';
import { ZonedDateField } from '@/console/fields/ZonedDateField';

const chipColor: Record<NoticeType, ChipProps['color']> = {
  Normal: 'primary',
  FirstBlood: 'error',
  SecondBlood: 'warning',
  ThirdBlood: 'warning',
  NewHint: 'info',
  NewChallenge: 'success',
};

const isBlood = (type: NoticeType) =>
  type === 'FirstBlood' || type === 'SecondBlood' || type === 'ThirdBlood';

/** Interpolation values of a platform notice (contract §8.1). */
function systemNoticeArgs({ type, values }: GameNotice) {
  return isBlood(type)
    ? { team: values[0] ?? '', challenge: values[1] ?? '' }
    : { challenge: values[0] ?? '' };
}

function NoticeActions({ notice, meta }: { notice: GameNotice; meta: GameMeta }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button label="ra.action.edit" onClick={() => setEditing(true)}>
        <EditIcon />
      </Button>
      <DeleteButton
        mutationMode="pessimistic"
        mutationOptions={{ meta }}
        redirect={false}
        confirmTitle="resources.notices.delete_title"
        confirmContent="resources.notices.delete_content"
      />
      {editing && (
        <NoticeEditDialog notice={notice} meta={meta} onClose={() => setEditing(false)} />
      )}
    </>
  );
}

export function NoticeCard({ meta }: { meta: GameMeta }) {
  const notice = useRecordContext<GameNotice>();
  const translate = useTranslate();
  if (!notice) return null;
  const isNormal = notice.type === 'Normal';
  return (
    <Card component="article" aria-label={translate(`resources.notices.types.${notice.type}`)}>
      <CardHeader
        avatar={
          <Chip
            size="small"
            color={chipColor[notice.type]}
            label={translate(`resources.notices.types.${notice.type}`)}
          />
        }
        title={<ZonedDateField source="time" />}
        action={isNormal && <NoticeActions notice={notice} meta={meta} />}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {isNormal ? (
          <MarkdownPreview text={notice.values[0] ?? ''} />
        ) : (
          <Typography>
            {translate(`resources.notices.text.${notice.type}`, systemNoticeArgs(notice))}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
