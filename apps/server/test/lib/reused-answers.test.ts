import { describe, expect, it } from 'vitest';
import { encodedAnswer, reusedAnswer, serializeReusedOnce } from '../../src/lib/reused-answers.ts';

/** A stand-in for the contract serializer that counts how often it really encodes. */
function countingCompiler() {
  const calls: string[] = [];
  const compile = ({ url }: { url: string; schema?: unknown }) => (data: unknown) => {
    calls.push(url);
    return JSON.stringify({ url, data });
  };
  return { calls, compile: serializeReusedOnce(compile as never) as unknown as typeof compile };
}

describe('serializeReusedOnce', () => {
  it('encodes a reused answer once per route and every other answer each time', () => {
    const { calls, compile } = countingCompiler();
    const history = compile({ url: '/api/trades/order-history' });
    const summaries = compile({ url: '/api/trades/day-summaries' });
    const kept = reusedAnswer({ data: [{ id: '1' }] });
    const fresh = { data: [{ id: '2' }] };

    expect(history(kept)).toBe(history(kept));
    expect(history(fresh)).toBe(history(fresh));
    // The same object sent through another route is encoded against that route's schema.
    expect(String(summaries(kept))).toContain('day-summaries');
    expect(calls).toEqual([
      '/api/trades/order-history',
      '/api/trades/order-history',
      '/api/trades/order-history',
      '/api/trades/day-summaries',
    ]);
  });

  it('sends the known bytes of an encoded answer on the routes of its schema, and encodes it elsewhere', () => {
    const { calls, compile } = countingCompiler();
    const schema = { name: 'OrderHistoryResponse' };
    const history = compile({ url: '/api/trades/order-history', schema });
    const other = compile({ url: '/api/other', schema: { name: 'Other' } });
    const bytes = Buffer.from('{"data":[{"id":"1"}]}');
    const page = encodedAnswer({ data: [{ id: '1' }] }, schema, bytes);

    // The very bytes given: a page built is not copied again.
    expect(history(page)).toBe(bytes);
    expect(history(page)).toBe(bytes);
    expect(calls).toEqual([]);
    expect(String(other(page))).toContain('/api/other');
    expect(calls).toEqual(['/api/other']);
  });

  it("keeps a reused answer's UTF-8 bytes, so a repeat is written without encoding the text again", () => {
    const { compile } = countingCompiler();
    const history = compile({ url: '/api/trades/order-history' });
    const kept = reusedAnswer({ data: [{ id: '1', note: 'café ✓' }] });
    const sent = history(kept) as unknown;
    expect(Buffer.isBuffer(sent)).toBe(true);
    expect((sent as Buffer).toString('utf8')).toBe(JSON.stringify({ url: '/api/trades/order-history', data: { data: [{ id: '1', note: 'café ✓' }] } }));
    expect(typeof history({ data: [] })).toBe('string');
  });
});
