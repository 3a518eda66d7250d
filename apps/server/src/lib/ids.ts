/**
 * Whether a path or body value can be a row's uuid. Checked before a lookup, so a malformed id
 * answers like a missing row instead of a database error on the uuid cast.
 */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
