/**
 * Gemini function calls usually carry no id, while OpenAI clients need one to answer each call.
 * Ids are derived from where the call appears (response id or turn, and position), so the same
 * upstream answer always yields the same ids, streamed or not.
 */
export function geminiToolCallId(scope: string, index: number): string {
  return `call_${scope.replace(/[^a-zA-Z0-9_-]/g, '_')}_${index}`;
}
