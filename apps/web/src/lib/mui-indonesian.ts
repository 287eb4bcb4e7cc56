import { idID as materialIndonesian } from '@mui/material/locale';
import { idID as gridIndonesian } from '@mui/x-data-grid/locales';

/**
 * MUI's own texts in Indonesian (pagination, the grid's menus and filters), merged
 * into the theme while Indonesian is on. This module is a chunk of its own, loaded with the
 * Indonesian catalogue, so English pages never download it.
 */
const gridLocaleText = gridIndonesian.components.MuiDataGrid.defaultProps.localeText;

export const muiIndonesian: object[] = [
  materialIndonesian,
  {
    components: {
      MuiDataGrid: {
        defaultProps: {
          // MUI's Indonesian grid texts spell this one 'Tidak ad abaris'.
          localeText: { ...gridLocaleText, noRowsLabel: 'Tidak ada baris', noResultsOverlayLabel: 'Tidak ada hasil.' },
        },
      },
    },
  },
];
