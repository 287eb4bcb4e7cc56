import { useState } from 'react';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from './text-input';

export type PasswordFieldProps = Omit<TextInputProps, 'type' | 'endAdornment'>;

/**
 * A password input with a show/hide toggle ('show password' / 'hide password').
 * Pass react-hook-form's `ref` as `inputRef`, so a field with an error can be focused.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'hide password' : 'show password'}
            onClick={() => setVisible((shown) => !shown)}
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
