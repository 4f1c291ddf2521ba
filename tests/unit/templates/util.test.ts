import { describe, expect, it } from 'vitest';
import { isActive } from '../../../templates/components/util.ts';

describe('isActive (header navigation)', () => {
  it('marks the link itself and the pages below it', () => {
    expect(isActive('/guide', '/guide')).toBe(true);
    expect(isActive('/guide', '/guide/setup')).toBe(true);
    expect(isActive('/guide', '/guides')).toBe(false);
    expect(isActive('/', '/about')).toBe(false);
    expect(isActive('https://example.com/', '/')).toBe(false);
  });
  it('uses the item\'s activeMatch instead of the ancestor rule when it has one', () => {
    const match = '^/(v1/|api-reference$)';
    expect(isActive('/v1/guide', '/v1/examples/tunnels', match)).toBe(true);
    expect(isActive('/v1/guide', '/api-reference', match)).toBe(true);
    expect(isActive('/v1/guide', '/api-reference/x', match)).toBe(false);
    expect(isActive('/v1/guide', '/pricing', match)).toBe(false);
    expect(isActive('/v1/guide', '/v1/guide', match)).toBe(true);
  });
});
