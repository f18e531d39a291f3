/**
 * One team's capture files for a challenge (one pcap per proxied connection): download one or all
 * (a tar.gz), delete one or all after a confirmation.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { CaptureFile } from '@/api/types';
import { useDownload } from '@/lib/download';
import { formatFileSize } from '@/lib/files';
import { useNotify } from '@/lib/notifications';
import { monitorFiles, useCaptureFiles, useDeleteCaptures } from '@/hooks/monitor';
import { TimeText } from '@/pages/games/[id]/monitor/components/TimeText';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { TrafficPanel } from './TrafficPanel';

export interface CaptureFilesProps {
  gameId: number;
  challengeId: number;
  partId: number;
  teamName: string;
  /** Every file of the team was deleted. */
  onAllDeleted: () => void;
}

/** What the confirmation is about: one file, or all of them (`null`). */
type Deleting = { fileName: string | null } | null;

function FileRow(props: { file: CaptureFile; onDownload: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { file } = props;
  return (
    <TableRow hover>
      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {file.fileName}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {file.updateTime > 0 ? <TimeText time={file.updateTime} /> : '—'}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
        <Tooltip title={t('monitor.traffic.download_file', { name: file.fileName })}>
          <IconButton size="small" onClick={props.onDownload}>
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('monitor.traffic.delete_file', { name: file.fileName })}>
          <IconButton size="small" color="error" onClick={props.onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

export function CaptureFiles({
  gameId,
  challengeId,
  partId,
  teamName,
  onAllDeleted,
}: CaptureFilesProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useCaptureFiles(gameId, challengeId, partId);
  const remove = useDeleteCaptures(gameId, challengeId, partId);
  const { download, busy } = useDownload();
  const [deleting, setDeleting] = useState<Deleting>(null);
  const files = query.data;

  const confirmDelete = () => {
    const fileName = deleting?.fileName ?? null;
    remove.mutate(fileName, {
      onSuccess: () => {
        setDeleting(null);
        notify.show({
          color: 'success',
          message:
            fileName === null
              ? t('monitor.traffic.deleted_all', { team: teamName })
              : t('monitor.traffic.deleted_file', { name: fileName }),
        });
        if (fileName === null) onAllDeleted();
      },
      onError: notify.error,
    });
  };

  const hasFiles = (files?.length ?? 0) > 0;
  const actions = hasFiles && (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={busy}
        onClick={() => void download(monitorFiles.allCaptures(challengeId, partId))}
      >
        {t('monitor.traffic.download_all')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setDeleting({ fileName: null })}
      >
        {t('monitor.traffic.delete_all')}
      </Button>
    </Stack>
  );

  return (
    <TrafficPanel
      id="capture-files"
      title={t('monitor.traffic.files_of', { team: teamName })}
      actions={actions}
      loading={query.isPending}
      error={query.error}
      errorTitle={t('monitor.traffic.files_failed')}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
      empty={files?.length === 0 ? t('monitor.traffic.no_files') : undefined}
    >
      <TableContainer tabIndex={0} role="region" aria-label={t('monitor.traffic.files')}>
        <Table size="small" aria-label={t('monitor.traffic.files')} sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('monitor.traffic.file_name')}</TableCell>
              <TableCell>{t('monitor.traffic.size')}</TableCell>
              <TableCell>{t('monitor.columns.time')}</TableCell>
              <TableCell sx={{ textAlign: 'right' }}>{t('monitor.traffic.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files?.map((file) => (
              <FileRow
                key={file.fileName}
                file={file}
                onDownload={() =>
                  void download(
                    monitorFiles.capture(challengeId, partId, file.fileName),
                    file.fileName,
                  )
                }
                onDelete={() => setDeleting({ fileName: file.fileName })}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={
          deleting?.fileName
            ? t('monitor.traffic.confirm_file_title')
            : t('monitor.traffic.confirm_all_title')
        }
        message={
          deleting?.fileName
            ? t('monitor.traffic.confirm_file', { name: deleting.fileName })
            : t('monitor.traffic.confirm_all', { team: teamName, count: files?.length ?? 0 })
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </TrafficPanel>
  );
}
