/**
 * One row of the "flags with their files" table: the flag, where its file comes from (an upload
 * or a URL), the file picker or URL box, and a remove button. Errors show once the user has tried
 * to send the batch.
 */
import { useRef } from 'react';
import MuiButton from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { maxLengthOf } from '@/api/validation';
import { formatFileSize } from '@/lib/files';
import { pairSources, type FlagPair, type PairErrors, type PairSource } from './flagPairs';

const FLAG_MAX = maxLengthOf('FlagCreateModel', 'flag');
const URL_MAX = maxLengthOf('FlagCreateModel', 'remoteUrl');

interface FlagPairRowProps {
  pair: FlagPair;
  /** 1-based, for labels. */
  row: number;
  errors?: PairErrors;
  disabled: boolean;
  onChange: (change: Partial<FlagPair>) => void;
  onRemove: () => void;
}

export function FlagPairRow({ pair, row, errors, disabled, onChange, onRemove }: FlagPairRowProps) {
  const translate = useTranslate();
  const fileInput = useRef<HTMLInputElement>(null);
  const message = (error?: { message: string; args?: object }) =>
    error && translate(error.message, { ...error.args });

  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ width: 40, pt: 3 }}>{row}</TableCell>
      <TableCell>
        <TextField
          size="small"
          fullWidth
          label={translate('resources.flags.fields.flag')}
          value={pair.flag}
          disabled={disabled}
          error={!!errors?.flag}
          helperText={message(errors?.flag)}
          onChange={(event) => onChange({ flag: event.target.value })}
          slotProps={{
            htmlInput: {
              maxLength: FLAG_MAX,
              spellCheck: false,
              style: { fontFamily: 'monospace' },
            },
          }}
        />
      </TableCell>
      <TableCell sx={{ width: 150 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={pair.source}
          disabled={disabled}
          aria-label={translate('resources.flags.pairs.source', { row })}
          onChange={(_, source: PairSource | null) => source && onChange({ source })}
        >
          {pairSources.map((source) => (
            <ToggleButton key={source} value={source}>
              {translate(`resources.flags.pairs.${source}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </TableCell>
      <TableCell sx={{ width: '40%' }}>
        {pair.source === 'Local' ? (
          <>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label={translate('resources.flags.pairs.choose')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onChange({ file, hash: undefined });
              }}
            />
            <MuiButton
              startIcon={<UploadFileIcon />}
              disabled={disabled}
              color={errors?.file ? 'error' : 'primary'}
              onClick={() => fileInput.current?.click()}
              sx={{ textTransform: 'none', wordBreak: 'break-all', justifyContent: 'flex-start' }}
            >
              {pair.file
                ? `${pair.file.name} (${formatFileSize(pair.file.size)})`
                : translate('resources.flags.pairs.choose')}
            </MuiButton>
            {errors?.file && <FormHelperText error>{message(errors.file)}</FormHelperText>}
          </>
        ) : (
          <TextField
            size="small"
            fullWidth
            type="url"
            label={translate('resources.flags.pairs.url')}
            value={pair.url}
            disabled={disabled}
            error={!!errors?.url}
            helperText={message(errors?.url)}
            onChange={(event) => onChange({ url: event.target.value })}
            slotProps={{ htmlInput: { maxLength: URL_MAX } }}
          />
        )}
      </TableCell>
      <TableCell sx={{ width: 48 }}>
        <IconButton
          aria-label={translate('resources.flags.pairs.remove', { row })}
          disabled={disabled}
          onClick={onRemove}
        >
          <DeleteOutlineIcon />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
