/**
 * react-admin's DateField with the time zone said (issue 23: an international event's organisers
 * are in different zones): the console's lists show "Jan 15, 2027, 8:00 AM GMT+8", in the console
 * language, like every other time of day (lib/time/format.ts).
 */
import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';
import { dateTimeOptions } from '@/lib/time/format';

export function ZonedDateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <DateField showTime options={dateTimeOptions} locales={locale} {...props} />;
}
