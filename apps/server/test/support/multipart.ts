/** One part of a form: a file (with its name and declared type) or a text field. */
export type FormPart = { name: string; value: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body as a browser sends it, and the header naming its boundary. */
export function multipart(parts: FormPart[]) {
  const boundary = '----th-test-boundary';
  const chunks = parts.flatMap((part) => {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
      : `form-data; name="${part.name}"`;
    return [Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n')];
  });
  const payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
