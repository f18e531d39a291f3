/** A home section's title with its "see all" link beside it. */
import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function SectionHeading({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
    >
      <Typography id={id} variant="h5" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
