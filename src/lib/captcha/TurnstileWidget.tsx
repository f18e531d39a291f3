import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { loadTurnstile } from './turnstile';

interface Props {
  siteKey: string;
  /** Changing it resets the widget (a token is good for one submission). */
  resetKey: number;
  onToken: (token: string | null) => void;
  onError: (error: unknown) => void;
}

/** The Turnstile widget; its token is the captcha answer. */
export function TurnstileWidget({ siteKey, resetKey, onToken, onError }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mode = useTheme().palette.mode;
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const callbacks = useRef({ onToken, onError });
  useEffect(() => {
    callbacks.current = { onToken, onError };
  });

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          theme: mode,
          language,
          callback: (token) => callbacks.current.onToken(token),
          'expired-callback': () => callbacks.current.onToken(null),
          'error-callback': () => callbacks.current.onToken(null),
        });
      })
      .catch((error: unknown) => callbacks.current.onError(error));
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
    // resetKey: a fresh widget (and token) after each submission
  }, [siteKey, mode, language, resetKey]);

  return <Box ref={container} sx={{ minHeight: 65, display: 'flex', justifyContent: 'center' }} />;
}
