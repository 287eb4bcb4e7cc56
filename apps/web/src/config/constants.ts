/** Business and UI constants of the spec (section 9); page sizes are the contract's (`pageSizes`, `contactPageSize`...). */

/** Names, hashes and addresses are shortened to this many characters. */
export const SHORT_TEXT_LENGTH = 20;
/** Dashboard previews show this many rows. */
export const PREVIEW_ROWS = 5;
export const DRAWER_WIDTH_OPEN = 300;
export const DRAWER_WIDTH_COLLAPSED = 72;
export const NOTIFICATION_AUTO_HIDE_MS = 6000;
export const LOADING_IMAGE_MAX_PX = 200;
/** A code chunk that has not arrived after this long is treated as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Time slots are 2-hour windows, shown in WIB. */
export const TIME_SLOT_HOURS = 2;
export const DISPLAY_TIME_ZONE = 'Asia/Jakarta';
