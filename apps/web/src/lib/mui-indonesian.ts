import type { LabelDisplayedRowsArgs } from '@mui/material/TablePagination';
import { idID as materialIndonesian } from '@mui/material/locale';

/** MUI's Indonesian texts leave these of the pager in English; the lists' pager says them in Indonesian. */
const pageItems = {
  first: 'Ke halaman pertama',
  last: 'Ke halaman terakhir',
  next: 'Ke halaman berikutnya',
  previous: 'Ke halaman sebelumnya',
};
const number = (value: number) => value.toLocaleString('id-ID');

/**
 * MUI's own texts in Indonesian (the lists' pager, the date pickers' buttons...), merged into the
 * theme while Indonesian is on. This module is a chunk of its own, loaded with the Indonesian
 * catalogue, so English pages never download it.
 */
export const muiIndonesian: object[] = [
  materialIndonesian,
  {
    components: {
      MuiTablePagination: {
        defaultProps: {
          labelDisplayedRows: ({ from, to, count }: LabelDisplayedRowsArgs) =>
            `${number(from)}–${number(to)} dari ${count !== -1 ? number(count) : `lebih dari ${number(to)}`}`,
          getItemAriaLabel: (type: keyof typeof pageItems) => pageItems[type],
        },
      },
    },
  },
];
