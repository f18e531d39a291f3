/** One figure of a game card: a label, its value, and where to act on it. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export interface FigureProps {
  label: string;
  value: React.ReactNode;
  /** A link under the value (a router path). */
  action?: { to: string; label: string };
  /** For tests and the end-to-end journeys. */
  testId?: string;
}

export function Figure({ label, value, action, testId }: FigureProps) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId && `${testId}-value`}>
        {value}
      </Typography>
      {action && (
        <Link component={RouterLink} to={action.to} variant="body2">
          {action.label}
        </Link>
      )}
    </Box>
  );
}
