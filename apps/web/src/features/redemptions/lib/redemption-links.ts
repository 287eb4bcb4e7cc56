/**
 * The id of a redemption from a page's `?id=`: a positive whole number within the database's
 * range, or null (missing, text, 0, too large) so the page says so instead of asking the API.
 */
export function parseRedemptionId(text: string | null): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
