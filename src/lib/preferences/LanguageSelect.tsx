/** Chooses the interface language; a machine-made or unfinished catalogue opens its notice. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n';
import { LANGUAGE_NAMES, LANGUAGES, matchLanguage, noticeFor } from '@/lib/i18n/languages';
import type { TranslationNotice } from '@/lib/i18n/languages';
import { TranslationNoticeDialog } from './TranslationNoticeDialog';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const [notice, setNotice] = useState<TranslationNotice>(undefined);
  const language = matchLanguage(i18n.resolvedLanguage) ?? currentLanguage();

  const choose = (value: string) => {
    const chosen = matchLanguage(value);
    if (!chosen) return;
    void chooseLanguage(chosen);
    setNotice(noticeFor(chosen));
  };

  return (
    <>
      <TextField
        select
        size="small"
        fullWidth
        label={t('layout.preferences.language')}
        value={language}
        onChange={(event) => choose(event.target.value)}
      >
        {LANGUAGES.map((code) => (
          <MenuItem key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </TextField>
      <TranslationNoticeDialog
        notice={notice}
        onConfirm={() => setNotice(undefined)}
        onSwitchToEnglish={() => {
          setNotice(undefined);
          void chooseLanguage(DEFAULT_LANGUAGE);
        }}
      />
    </>
  );
}
