/**
 * Paging of a list whose total is unknown (the API answers bare arrays): "1–50 of more than 50"
 * while an older page exists, the exact count once the last page is reached.
 */
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

export interface FeedPaginationProps {
  page: number;
  pageSize: number;
  /** Rows shown on this page. */
  rows: number;
  hasMore: boolean;
  /** The number of rows in all, when known. */
  total?: number;
  onPageChange: (page: number) => void;
}

export function FeedPagination(props: FeedPaginationProps) {
  const { page, pageSize, rows, hasMore, total, onPageChange } = props;
  const { t } = useTranslation();
  if (page === 0 && rows === 0) return null;
  // an empty page past the end (rows were deleted meanwhile) keeps "previous" usable
  const count = total ?? (hasMore || rows === 0 ? -1 : page * pageSize + rows);
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPageChange(next)}
      labelDisplayedRows={({ from, to }) =>
        count === -1
          ? t('monitor.pagination.more', { from, to })
          : t('monitor.pagination.of', { from, to, count })
      }
      getItemAriaLabel={(type) => t(`monitor.pagination.${type}`)}
    />
  );
}
