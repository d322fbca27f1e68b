import { describe, expect, it } from 'vitest';
import { cleanSchemaForGemini, geminiSchemaToJsonSchema } from './schema.js';

describe('JSON Schema → Gemini schema', () => {
  it('drops keywords Gemini rejects, at every level', () => {
    const out = cleanSchemaForGemini({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      properties: {
        tags: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', examples: ['x'] } } } },
      },
      required: ['tags'],
    });
    expect(out).toEqual({
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } } },
      required: ['tags'],
    });
  });

  it('turns a nullable type list into nullable and const into an enum', () => {
    expect(cleanSchemaForGemini({ type: ['string', 'null'], enum: ['a', 'b'] })).toEqual({ type: 'string', nullable: true, enum: ['a', 'b'] });
    expect(cleanSchemaForGemini({ const: 'fixed' })).toEqual({ type: 'string', enum: ['fixed'] });
  });

  it('keeps only the string formats Gemini supports and drops non-string enums', () => {
    expect(cleanSchemaForGemini({ type: 'string', format: 'uri' })).toEqual({ type: 'string' });
    expect(cleanSchemaForGemini({ type: 'string', format: 'date-time' })).toEqual({ type: 'string', format: 'date-time' });
    expect(cleanSchemaForGemini({ type: 'integer', format: 'int64', enum: [1, 2] })).toEqual({ type: 'integer', format: 'int64' });
  });

  it('inlines local $refs and collapses anyOf with null', () => {
    const out = cleanSchemaForGemini({
      type: 'object',
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } },
      properties: { p: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] } },
      required: ['p', 'missing'],
    });
    expect(out).toEqual({ type: 'object', properties: { p: { type: 'object', properties: { x: { type: 'number' } }, nullable: true } }, required: ['p'] });
  });

  it('stops at self-referencing schemas instead of looping', () => {
    const out = cleanSchemaForGemini({ $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } }, $ref: '#/$defs/Node' });
    expect(JSON.stringify(out).length).toBeLessThan(2000);
  });

  it('lower-cases Gemini-native type names for OpenAI', () => {
    expect(geminiSchemaToJsonSchema({ type: 'OBJECT', properties: { a: { type: 'ARRAY', items: { type: 'STRING' } } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'array', items: { type: 'string' } } },
    });
  });
});
