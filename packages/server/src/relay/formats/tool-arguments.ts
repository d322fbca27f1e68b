/**
 * Tool-call arguments travel as a JSON string in OpenAI and as an object in Claude and Gemini.
 * Models sometimes produce arguments that are not an object; those are kept rather than lost.
 */
export function parseToolArguments(args: string | undefined | null): Record<string, unknown> {
  const text = (args ?? '').trim();
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return { value };
  } catch {
    return { raw_arguments: text };
  }
}

export const stringifyToolInput = (input: unknown): string => JSON.stringify(input ?? {});
