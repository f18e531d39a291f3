/**
 * A live plot of the dynamic score for 0–50 solves, from the form's originalScore, minScoreRate
 * and difficulty, with the current solve count marked. Plain SVG.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { dynamicScore, isPlottable, scoreCurve, type ScoreParams } from './score';

const WIDTH = 480;
const HEIGHT = 200;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
const MAX_SOLVES = 50;

export function ScoreCurve({ params, solves }: { params: Partial<ScoreParams>; solves?: number }) {
  const translate = useTranslate();
  if (!isPlottable(params)) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.challenges.curve.invalid')}
      </Typography>
    );
  }
  const curve = scoreCurve(params, MAX_SOLVES);
  const top = Math.max(1, params.originalScore);
  const x = (n: number) => PAD.left + (n / MAX_SOLVES) * (WIDTH - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + (1 - score / top) * (HEIGHT - PAD.top - PAD.bottom);
  const points = curve.map((score, n) => `${x(n)},${y(score)}`).join(' ');
  const minimum = Math.floor(params.originalScore * params.minScoreRate);
  const marked = solves !== undefined && solves <= MAX_SOLVES ? solves : undefined;
  const description = translate('resources.challenges.curve.label', {
    original: params.originalScore,
    minimum,
    at10: dynamicScore(params, 10),
  });
  return (
    <Box sx={{ width: '100%', maxWidth: WIDTH, color: 'text.secondary' }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={description}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <line x1={PAD.left} y1={y(0)} x2={x(MAX_SOLVES)} y2={y(0)} stroke="currentColor" />
        <line x1={PAD.left} y1={y(0)} x2={PAD.left} y2={y(top)} stroke="currentColor" />
        <line
          x1={PAD.left}
          y1={y(minimum)}
          x2={x(MAX_SOLVES)}
          y2={y(minimum)}
          stroke="currentColor"
          strokeDasharray="4 4"
          opacity={0.6}
        />
        {[0, 10, 20, 30, 40, 50].map((n) => (
          <text
            key={n}
            x={x(n)}
            y={HEIGHT - 8}
            fontSize={11}
            textAnchor="middle"
            fill="currentColor"
          >
            {n}
          </text>
        ))}
        <text x={PAD.left - 6} y={y(top) + 4} fontSize={11} textAnchor="end" fill="currentColor">
          {params.originalScore}
        </text>
        <text
          x={PAD.left - 6}
          y={y(minimum) + 4}
          fontSize={11}
          textAnchor="end"
          fill="currentColor"
        >
          {minimum}
        </text>
        <Box
          component="polyline"
          points={points}
          fill="none"
          strokeWidth={2}
          sx={{ stroke: (theme) => theme.palette.primary.main }}
        />
        {marked !== undefined && (
          <Box
            component="circle"
            cx={x(marked)}
            cy={y(curve[marked])}
            r={4}
            sx={{ fill: (theme) => theme.palette.secondary.main }}
          />
        )}
      </svg>
      <Typography variant="caption">{description}</Typography>
    </Box>
  );
}
