/**
 * The "add" button of a list input (divisions, hints), with its text and a tooltip saying what a
 * new row is for. react-admin's own is a bare "+" named only "Add", the same for every list.
 */
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { Button, useSimpleFormIterator, useTranslate } from 'react-admin';

export function AddRowButton({ label, help }: { label: string; help: string }) {
  const translate = useTranslate();
  const { add } = useSimpleFormIterator();
  return (
    // describes the button (aria-describedby); its name stays its label
    <Tooltip title={translate(help)} describeChild>
      <Button label={label} onClick={() => add()} size="small">
        <AddIcon />
      </Button>
    </Tooltip>
  );
}
