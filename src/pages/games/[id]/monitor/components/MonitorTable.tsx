/**
 * The table of a monitor page with its states: skeleton rows while loading (and a "still
 * loading" hint when slow), a message when empty, the server's error with a retry button, and a
 * thin progress bar while a newer answer is read. Scrolls sideways on narrow screens.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';

export interface MonitorColumn {
  id: string;
  label: string;
  width?: number | string;
}

export interface MonitorTableProps {
  /** Names the table for assistive technology. */
  label: string;
  columns: MonitorColumn[];
  /** Rows shown, or undefined before the first answer. */
  rowCount: number | undefined;
  loading: boolean;
  fetching: boolean;
  error: Error | null;
  /** What failed, e.g. "The events could not be loaded". */
  errorTitle: string;
  onRetry: () => void;
  emptyText: string;
  children: ReactNode;
  footer?: ReactNode;
}

const SKELETON_ROWS = 5;

export function MonitorTable(props: MonitorTableProps) {
  const { label, columns, rowCount, loading, fetching, error, errorTitle, onRetry } = props;
  const { t } = useTranslation();
  // every monitor page's "Team" column names a player in an individual game
  const alone = useIndividualPlay();
  const hasRows = rowCount !== undefined;
  if (error && !hasRows) {
    return <LoadError error={error} title={errorTitle} onRetry={onRetry} retrying={fetching} />;
  }
  return (
    <Stack spacing={1}>
      {error && <LoadError severity="warning" error={error} title={errorTitle} onRetry={onRetry} />}
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {fetching && hasRows && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        <TableContainer tabIndex={0} role="region" aria-label={label}>
          <Table size="small" aria-label={label} aria-busy={loading} sx={{ minWidth: 680 }}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.id} sx={{ width: column.width, fontWeight: 600 }}>
                    {alone && column.id === 'team'
                      ? t('individualPlay.monitor.player')
                      : column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading &&
                Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <TableRow key={row}>
                    {columns.map((column) => (
                      <TableCell key={column.id}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              {!loading && rowCount === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                    {props.emptyText}
                  </TableCell>
                </TableRow>
              )}
              {!loading && props.children}
            </TableBody>
          </Table>
        </TableContainer>
        {props.footer}
      </Paper>
      <SlowLoadingHint loading={loading} />
    </Stack>
  );
}
