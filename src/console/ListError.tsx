/** What a list shows when its API call failed, with a way to try again. */
import Alert from '@mui/material/Alert';
import { Button, useListContext, useTranslate } from 'react-admin';

export function ListError() {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={<Button label="ra.action.refresh" onClick={() => void refetch()} />}
    >
      {error?.message || translate('common.error.unknown')}
    </Alert>
  );
}
