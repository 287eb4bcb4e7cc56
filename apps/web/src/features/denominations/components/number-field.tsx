import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/form/text-input';
import { problemText, type Problem } from '../lib/whole-number';

export interface NumberText {
  text: string;
  /** The browser could not read what was typed as a number (its value is then ''). */
  badInput: boolean;
}

export const emptyNumber: NumberText = { text: '', badInput: false };

interface NumberFieldProps {
  id: string;
  /** English text (a catalogue key), shown in the console's language; so is the helper text. */
  label: string;
  value: NumberText;
  onChange: (value: NumberText) => void;
  problem: Problem | null | undefined;
  helperText?: string;
}

/** A whole-number input (type number) whose problems show under it. */
export function NumberField({ id, label, value, onChange, problem, helperText }: NumberFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={id}
      label={t(label)}
      type="number"
      value={value.text}
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        onChange({ text: input.value, badInput: input.validity?.badInput ?? false });
      }}
      error={Boolean(problem)}
      helperText={problem ? problemText(problem, t) : helperText && t(helperText)}
      inputProps={{ min: 1, step: 1, inputMode: 'numeric' }}
      size="small"
    />
  );
}
