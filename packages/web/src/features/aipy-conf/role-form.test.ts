import { describe, expect, it } from 'vitest';
import { newRoleValues, rolePreview, roleToValues, valuesToRoleBody } from './role-form';

const row = {
  id: 3, role_name: 'Writer', role: '{"name":"writer"}', role_toml: 'name = "writer"\n', type: 2, quota: 100, created_at: 0,
};

describe('role form', () => {
  it('edits the TOML form of the stored content, or the raw content when there is none', () => {
    expect(roleToValues(row)).toEqual({ role_name: 'Writer', role: 'name = "writer"\n' });
    expect(roleToValues({ ...row, role_toml: '' }).role).toBe('{"name":"writer"}');
  });

  it('creates with name and TOML, and keeps type and quota when editing', () => {
    expect(valuesToRoleBody({ role_name: ' Poet ', role: ' name = "p" ' }, null)).toEqual({ role_name: 'Poet', role: 'name = "p"', type: 0, quota: 0 });
    expect(valuesToRoleBody(roleToValues(row), row)).toEqual({ role_name: 'Writer', role: 'name = "writer"', type: 2, quota: 100 });
    expect(newRoleValues()).toEqual({ role_name: '', role: '' });
  });

  it('previews long content on one line', () => {
    expect(rolePreview('{\n  "a": 1\n}')).toBe('{ "a": 1 }');
    expect(rolePreview('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
