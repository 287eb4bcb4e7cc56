import { idID as materialIndonesian } from '@mui/material/locale';

/**
 * MUI's own texts in Indonesian (the lists' pager, the date pickers' buttons...), merged into the
 * theme while Indonesian is on. This module is a chunk of its own, loaded with the Indonesian
 * catalogue, so English pages never download it.
 */
export const muiIndonesian: object[] = [materialIndonesian];
