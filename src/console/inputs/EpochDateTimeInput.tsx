/**
 * A date-time picker whose value is epoch milliseconds, typed in the browser's time zone; its
 * helper text names that zone (issue 23: an organiser abroad must know which 14:00 is meant), after
 * the caller's own helper text.
 */
import { DateTimeInput, useTranslate, type DateTimeInputProps } from 'react-admin';
import { browserTimeZone, zoneOffsetLabel } from '@/lib/time/zone';
import { epochToLocalInput, localInputToEpoch } from './epoch';

export function EpochDateTimeInput({ helperText, ...props }: DateTimeInputProps) {
  const translate = useTranslate();
  const name = browserTimeZone();
  const offset = zoneOffsetLabel();
  const zone = translate('console.date_zone', { zone: name ? `${offset}, ${name}` : offset });
  const given =
    typeof helperText === 'string' ? translate(helperText, { _: helperText }) : helperText;
  return (
    <DateTimeInput
      format={epochToLocalInput}
      parse={localInputToEpoch}
      helperText={
        given ? (
          // two spans: each sentence stays findable on its own
          <>
            <span>{given}</span> <span>{zone}</span>
          </>
        ) : (
          zone
        )
      }
      {...props}
    />
  );
}
