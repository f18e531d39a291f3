/**
 * A list's card that the keyboard can scroll. On a phone a table wider than the screen scrolls
 * inside its card (consoleTheme); when its rows hold no link or button (the logs), nothing in it
 * takes the focus, and keyboard users could not reach the columns on the right (axe:
 * scrollable-region-focusable). Focusable, it is a named region.
 */
import Card, { type CardProps } from '@mui/material/Card';
import { useResourceContext, useTranslate } from 'react-admin';

export function ScrollableListCard(props: CardProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Card
      tabIndex={0}
      role="region"
      aria-label={translate(`resources.${resource}.name`, { smart_count: 2 })}
      {...props}
    />
  );
}
