/** The contract's envelope of one resource: `{ data: resource }`. */
export async function asData<T>(resource: Promise<T>): Promise<{ data: T }> {
  return { data: await resource };
}
