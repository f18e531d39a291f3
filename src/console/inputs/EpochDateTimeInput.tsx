/** A date-time picker whose value is epoch milliseconds. */
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { epochToLocalInput, localInputToEpoch } from './epoch';

export function EpochDateTimeInput(props: DateTimeInputProps) {
  return <DateTimeInput format={epochToLocalInput} parse={localInputToEpoch} {...props} />;
}
