/** Puts the server's field messages (400/409 `fields`) on the form's fields; true when any was placed. */
export function applyServerFields<Field extends string>(
  fields: Record<string, string> | undefined,
  known: readonly Field[],
  setError: (field: Field, error: { type: string; message: string }) => void,
): boolean {
  let placed = false;
  for (const field of known) {
    const message = fields?.[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
