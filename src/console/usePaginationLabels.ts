/**
 * The texts of MUI's TablePagination in react-admin's words, for the console's tables that page
 * by themselves (a webhook's delivery log): without them MUI shows its English "Rows per page" and
 * "1–2 of 2" in every language.
 */
import type { TablePaginationProps } from '@mui/material/TablePagination';
import { useTranslate } from 'react-admin';

type Labels = Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
>;

export function usePaginationLabels(): Labels {
  const translate = useTranslate();
  return {
    labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
    labelDisplayedRows: ({ from, to, count }) =>
      translate(
        count === -1 ? 'ra.navigation.partial_page_range_info' : 'ra.navigation.page_range_info',
        { offsetBegin: from, offsetEnd: to, total: count },
      ),
    getItemAriaLabel: (type) => translate(`ra.navigation.${type}`),
  };
}
