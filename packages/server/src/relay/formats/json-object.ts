/** A JSON object (not null, not an array), its members readable without casts. */
export const isJsonObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
