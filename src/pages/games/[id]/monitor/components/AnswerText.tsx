/** A submitted flag, in monospace, wrapping anywhere (flags have no spaces). */
import Typography from '@mui/material/Typography';

export function AnswerText({ answer }: { answer: string }) {
  return (
    <Typography
      component="code"
      variant="body2"
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
    >
      {answer}
    </Typography>
  );
}
