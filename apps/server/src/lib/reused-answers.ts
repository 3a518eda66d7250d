import type { FastifySerializerCompiler } from 'fastify';

const reusable = new WeakSet<object>();

/**
 * Marks an answer that is kept and sent again, unchanged, to later requests (see TradeAnswers
 * in modules/trades/revisions.ts). Such an answer must never be mutated once marked.
 */
export function reusedAnswer<T extends object>(answer: T): T {
  reusable.add(answer);
  return answer;
}

const knownBytes = new WeakMap<object, { schema: unknown; bytes: Buffer }>();

/**
 * Marks a reused answer whose JSON is already known: `bytes` are the UTF-8 of what the response
 * serializer would make of it against `schema` (the answer joined from parts each checked against
 * their part of that schema and encoded the same way: a trade log page of kept trades). A route
 * answering with that schema sends the bytes as they are; any other serializes the answer itself.
 */
export function encodedAnswer<T extends object>(answer: T, schema: unknown, bytes: Buffer): T {
  knownBytes.set(answer, { schema, bytes });
  return reusedAnswer(answer);
}

/**
 * Wraps the response serializer so a reused answer is checked against its contract and turned
 * into JSON once, on its first send; later sends reuse its UTF-8 bytes (a Buffer, which Fastify
 * writes as it is: a kept 20 kB channel page is then not measured and encoded to UTF-8 again on
 * every send, as a string would be). Each route's compiled serializer keeps its own encodings,
 * so one object is never encoded against another route's schema.
 */
export function serializeReusedOnce<S>(compile: FastifySerializerCompiler<S>): FastifySerializerCompiler<S> {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const encoded = new WeakMap<object, Buffer>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !reusable.has(data)) return serialize(data);
      const known = knownBytes.get(data);
      let bytes = known && known.schema === routeSchema.schema ? known.bytes : encoded.get(data);
      if (bytes === undefined) encoded.set(data, (bytes = Buffer.from(serialize(data))));
      // Fastify's reply accepts a Buffer from the serializer (reply.js onSendEnd); its types say string.
      return bytes as unknown as string;
    };
  };
}
