/** A multipart body as a browser would send it, for tests: `[name, text]` fields and `[name, bytes, filename]` files. */
export async function multipartBody(entries: [string, string | Buffer, string?][]) {
  const form = new FormData();
  for (const [name, value, filename] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? 'image.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
