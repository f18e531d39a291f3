/** "Paste rows": fills the batch table from CSV or spreadsheet text (see ./csv.ts). */
import { useState } from 'react';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useArrayInput, useTranslate } from 'react-admin';
import { CSV_COLUMNS, parseUserRows } from './csv';

export function CsvImport() {
  const translate = useTranslate();
  const { replace } = useArrayInput();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const rows = parseUserRows(text);

  const apply = () => {
    replace(rows);
    setOpen(false);
    setText('');
  };

  return (
    <>
      <Button
        label="resources.users.create.paste"
        onClick={() => setOpen(true)}
        sx={{ mb: 1, alignSelf: 'flex-start' }}
      >
        <UploadFileIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{translate('resources.users.create.paste_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('resources.users.create.paste_help', { columns: CSV_COLUMNS.join(', ') })}
          </DialogContentText>
          <TextField
            value={text}
            onChange={(event) => setText(event.target.value)}
            label={translate('resources.users.create.paste_label')}
            placeholder={`${CSV_COLUMNS.join(',')}\nalice,alice@example.com,Passw0rd,Alice,2024001,,Red`}
            multiline
            minRows={8}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" disabled={rows.length === 0} onClick={apply}>
            {translate('resources.users.create.paste_apply', { smart_count: rows.length })}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
