/** The customer id of `/user-list/:id`, or null for anything the API would refuse (not a positive 32-bit integer). */
export function parseCustomerId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
