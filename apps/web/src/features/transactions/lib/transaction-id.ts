/** The id of `/transaction-list/:id`, or null when it is not a positive whole number the API could know. */
export function parseTransactionId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
