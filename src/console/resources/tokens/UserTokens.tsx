/** A user's personal API tokens on their console page (issue 26), each revocable. */
import Typography from '@mui/material/Typography';
import { List, Pagination, useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '@/console/data/dataRoutes';
import { TokenTable } from './TokenTable';

export function UserTokens() {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('resources.tokens.of_user')}
      </Typography>
      <List
        resource="tokens"
        filter={{ userId: String(user.id) }}
        disableSyncWithLocation
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25]} />}
        actions={false}
        exporter={false}
        title={false}
        empty={
          <Typography color="text.secondary">{translate('resources.tokens.empty')}</Typography>
        }
      >
        <TokenTable withOwner={false} />
      </List>
    </>
  );
}
