import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wraps the children in a <form> with this submit handler. */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}

/** The centred card every account page (sign-in, sign-up, recovery…) is laid out in. */
export function AccountCard({ title, subtitle, children, onSubmit }: Props) {
  const body = (
    <Stack spacing={2.5} sx={{ mt: 3 }}>
      {children}
    </Stack>
  );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        {onSubmit ? (
          <Box component="form" noValidate onSubmit={onSubmit}>
            {body}
          </Box>
        ) : (
          body
        )}
      </Paper>
    </Box>
  );
}
