import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { applyLanguage, type Language } from '@/lib/i18n';

const choices: readonly { language: Language; code: string; name: string }[] = [
  { language: 'en', code: 'EN', name: 'English' },
  { language: 'id', code: 'ID', name: 'Bahasa Indonesia' },
];

/**
 * English or Bahasa Indonesia, applied at once (the Indonesian catalogue loads first); each
 * language named in itself. `onChosen` then remembers the choice (for the admin, on the server).
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === 'id' ? 'id' : 'en';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      // MUI moves focus between the two with the arrow keys (one Tab stop): a toolbar, as assistive technology expects.
      role="toolbar"
      aria-label={t('Language')}
      onChange={(_, chosen: Language | null) => {
        if (!chosen || chosen === current) return;
        // A catalogue that cannot be downloaded leaves the console as it is.
        void applyLanguage(chosen).then(
          () => onChosen?.(chosen),
          () => undefined,
        );
      }}
      sx={{ flexShrink: 0, '& .MuiToggleButton-root': { px: 1, py: 0.25, fontWeight: 700, fontSize: 12 } }}
    >
      {choices.map(({ language, code, name }) => (
        <ToggleButton key={language} value={language} lang={language} aria-label={name} title={name}>
          {code}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
