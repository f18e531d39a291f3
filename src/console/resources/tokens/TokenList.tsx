/** The console's "API tokens" page (issue 26): every user's live tokens, newest first. */
import { List, Pagination } from 'react-admin';
import { ListError } from '@/console/ListError';
import { TokenTable } from './TokenTable';

export function TokenList() {
  return (
    <List
      perPage={50}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      actions={false}
      exporter={false}
      error={<ListError />}
    >
      <TokenTable />
    </List>
  );
}
